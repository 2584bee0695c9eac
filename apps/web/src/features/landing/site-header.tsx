import { Link } from 'react-router';

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center px-4">
        <Link to="/" className="text-lg font-bold text-brand-700">
          Numero
        </Link>
      </div>
    </header>
  );
}

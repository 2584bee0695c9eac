import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';

// How a code that arrives reaches a customer who is not looking at the page: the tab title and a
// browser notification they allowed.

const canNotify = () => typeof window !== 'undefined' && 'Notification' in window;

export function notifyCode(title: string, body: string) {
  // Only when the tab is out of sight: on screen, the code itself is the news.
  if (!canNotify() || Notification.permission !== 'granted' || !document.hidden) return;
  try {
    new Notification(title, { body, tag: 'numero-code' });
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker.
  }
}

/** The code in the tab's title while this page shows it, so it can be read from another tab. */
export function useCodeInTitle(code: string | null) {
  useEffect(() => {
    if (!code) return;
    const previous = document.title;
    document.title = `${code} · ${previous}`;
    return () => {
      document.title = previous;
    };
  }, [code]);
}

/** Asks once for permission to notify; hidden when the browser has none or the choice was made. */
export function NotifyMeButton({ label }: { label: string }) {
  const [permission, setPermission] = useState(() => (canNotify() ? Notification.permission : 'denied'));
  if (permission !== 'default') return null;
  return (
    <Button
      variant="secondary"
      onClick={() => void Notification.requestPermission().then(setPermission)}
      icon={<BellRing className="size-4" aria-hidden />}
    >
      {label}
    </Button>
  );
}

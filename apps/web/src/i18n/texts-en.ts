import common from './en.json';
import { collectNamespaces } from './namespace.ts';

/** Every English text of the app, as one chunk loaded only by an English reader. */
export default collectNamespaces(
  common,
  import.meta.glob<{ default: Record<string, unknown> }>(
    ['../features/*/locales/**/en.json', '../app/routes/locales/**/en.json'],
    { eager: true },
  ),
);

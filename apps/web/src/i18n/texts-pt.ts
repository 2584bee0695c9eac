import { collectNamespaces } from './namespace.ts';
import common from './pt.json';

/** Every Portuguese text of the app, as one chunk loaded only by a Portuguese reader. */
export default collectNamespaces(
  common,
  import.meta.glob<{ default: Record<string, unknown> }>(
    ['../features/*/locales/**/pt.json', '../app/routes/locales/**/pt.json'],
    { eager: true },
  ),
);

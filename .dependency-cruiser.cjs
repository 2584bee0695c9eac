// The arrows of the house (docs/architecture.md): shared code → features → the app that composes them.
// `npm run lint` runs this; a stray import fails the build.

const WEB = '^apps/web/src/';
const API = '^apps/api/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module never depends on itself through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Folders depend on each other one way only.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'web-feature-to-other-feature',
      comment: 'A web feature never imports another feature: pages that combine features live in app/routes.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-feature-to-app',
      comment: 'Features are composed by app/, never the other way round.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}(app|main)` },
    },
    {
      name: 'web-shared-to-features',
      comment: 'components/, lib/, config/ and i18n/ are shared by every feature and know none of them.',
      severity: 'error',
      from: { path: `${WEB}(components|lib|config|i18n)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'api-feature-to-other-repository',
      comment:
        "A feature reaches another feature through the service app.ts passes it, never through that feature's repository.",
      severity: 'error',
      from: { path: `${API}features/([^/]+)/` },
      to: { path: `${API}features/[^/]+/[^/]+\\.repository\\.ts$`, pathNot: `${API}features/$1/` },
    },
    {
      name: 'api-shared-to-features',
      comment: 'providers/, http/, db/, lib/ and jobs/ are below the features and import none of them.',
      severity: 'error',
      from: { path: `${API}(providers|http|db|lib|jobs)/` },
      to: { path: `${API}features/` },
    },
    {
      name: 'contract-to-apps',
      comment: 'The contract is shared by both apps and depends on neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Production code only: tests and their fixtures may arrange data through any module.
    exclude: {
      path: ['(^|/)(node_modules|dist)/', '\\.test\\.tsx?$', '^apps/api/src/test/', '^apps/web/src/testing/'],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};

/**
 * The layers of the server and of the web app, held by `npm run lint` (docs/ARCHITECTURE.md 'Code
 * map'). Each rule names a direction the code must not take; a new import that breaks one fails
 * the build.
 */
const serverFloorsBelowFeatures =
  '^apps/server/src/(kernel|db|http|lib|money|events|jobs|observability|providers|realtime|rgs)/|^apps/server/src/context[.]ts$';

/**
 * A web feature's public entries: index.ts, and pages.ts, which only import()s its pages. An
 * index.ts may also re-export what only lazily loaded pages use: apps/web/package.json declares the
 * app's modules free of side effects (CSS aside), so the build leaves a re-exported module out of
 * a chunk that does not use it. A module imported only for its side effects must be listed there.
 */
const webFeatureEntry = '^apps/web/src/features/[^/]+/(index|pages)[.]ts$';
/** Tests may reach into any feature to set up its state. */
const webTests = '[.]test[.]tsx?$|^apps/web/src/test/';

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one; split out what both need. Type-only cycles are allowed.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'floors-below-features',
      comment:
        'What every request needs (kernel/: sessions, the location gate, the responsible-play guard), the ledger, ' +
        'the game server, sockets, providers and the database sit below the features and never import one: ' +
        'features call down, and are called through events or the composition (app.ts, demo-content.ts).',
      severity: 'error',
      from: { path: serverFloorsBelowFeatures, pathNot: '[.]test[.]ts$|/test-(support|players)[.]ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'back-office-writes-through-features',
      comment:
        "The back office changes another feature's data only through that feature's module (its service or " +
        'back-office file): outside its read-only desk reports (*-queries.ts, kept read-only by ESLint), the admin ' +
        "module imports the back office's own tables only (db/schema/admin.ts, content-versions.ts), never the schema's index.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/admin/', pathNot: '[.]test[.]ts$|/test-support[.]ts$|-queries[.]ts$' },
      to: { path: '^apps/server/src/db/schema/', pathNot: '^apps/server/src/db/schema/(admin|content-versions)[.]ts$' },
    },
    {
      name: 'kernel-below-floors',
      comment: 'The kernel knows no socket, game server or provider.',
      severity: 'error',
      from: { path: '^apps/server/src/kernel/' },
      to: { path: '^apps/server/src/(realtime|rgs|providers|jobs)/' },
    },
    {
      name: 'contracts-stand-alone',
      comment: 'The contracts are shared by the web app and the server and import neither.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web app reaches the server over HTTP only; what both need lives in packages/contracts.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'web-feature-through-entry',
      comment:
        'A web feature uses another only through its public entry: index.ts, or pages.ts for the pages ' +
        'and tabs loaded when they open. Inside a feature, files import each other freely.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: webTests },
      to: { path: '^apps/web/src/features/', pathNot: `^apps/web/src/features/$1/|${webFeatureEntry}` },
    },
    {
      name: 'web-app-through-entry',
      comment: 'The app shell (app/), the first-screen renderer and everything outside features/ use a feature through its public entry.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: `^apps/web/src/features/|${webTests}` },
      to: { path: '^apps/web/src/features/', pathNot: webFeatureEntry },
    },
    {
      name: 'web-pages-load-lazily',
      comment:
        "A feature's pages.ts only import()s the feature's own pages and tabs, so importing it loads " +
        'none of them: the router imports every pages.ts, and the first page downloads only what it shows.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/pages[.]ts$' },
      to: { dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'web-pages-own-feature',
      comment: "A feature's pages.ts loads its own pages, not another feature's.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/pages[.]ts$' },
      to: { pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      comment:
        'lib/ and components/ sit below the features and the app shell and import neither; the game page ' +
        '(game/) stays small and apart from the app: it uses lib/ and the contracts only.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components|game)/', pathNot: webTests },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-app',
      comment: 'The app shell (app/) puts the features together; a feature never imports it.',
      severity: 'error',
      from: { path: '^apps/web/src/features/', pathNot: webTests },
      to: { path: '^apps/web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/' },
    tsPreCompilationDeps: true,
  },
};

import { measureBundles, formatBundleTable } from './measure-bundles.js';
const r = await measureBundles({ runs: 7, routes: (await import('../functions/routes.js')).ROUTES.filter((x) => ['v2-render','v2-pdf'].includes(x.name)) });
console.log(formatBundleTable(r));

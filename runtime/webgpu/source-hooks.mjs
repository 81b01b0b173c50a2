// Module hooks that let Node 20 run this repository's TypeScript sources in a subprocess (the
// Dawn runner under vitest): `./x.js` resolves to `./x.ts` when only the source exists, and .ts
// files are transpiled by TypeScript (types dropped, no checking). Built JS never uses this.
import { register } from 'node:module';

register('./source-hooks-impl.mjs', import.meta.url);

#!/usr/bin/env node
// Entry of `npx facturx`: runs the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/facturx.ts');
process.exitCode = main(process.argv.slice(2));

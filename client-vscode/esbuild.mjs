// Bundles the extension into dist/extension.js (vscode-languageclient included; `vscode` is
// provided by the editor). `--production` minifies and drops the source map.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
await esbuild.build({
  entryPoints: ['src/extension.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outfile: 'dist/extension.js',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  logLevel: 'warning',
});

// Builds the memlsp wheel from the repository root into client-vscode/wheel/, the one file
// the .vsix carries for the private environment (python.ts installs it from there).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const out = join(here, 'wheel');
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
const python = process.env.PYTHON ?? 'python3';
execFileSync(python, ['-m', 'pip', 'wheel', '--no-deps', '-q', '-w', out, '..'], {
  cwd: here,
  stdio: 'inherit',
});
const wheels = readdirSync(out).filter((f) => f.endsWith('.whl'));
if (wheels.length !== 1) {
  throw new Error(`expected one memlsp wheel in ${out}, found ${wheels.length}`);
}
console.log(`wheel: ${wheels[0]}`);

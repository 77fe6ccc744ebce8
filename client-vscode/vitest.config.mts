import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The unit tests never load VS Code: `vscode` resolves to hand-written fakes (test/fakes).
export default defineConfig({
  resolve: {
    alias: { vscode: fileURLToPath(new URL('./test/fakes/vscode.ts', import.meta.url)) },
  },
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
});

/**
 * How the extension says a server result's `warning`: the change asked for was made, but
 * something after it was not (MEMORY.md could not be regenerated). A warning, not an error.
 */
import * as vscode from 'vscode';

export function showResultWarning(result: { warning?: string | null } | null | undefined): void {
  if (result?.warning) {
    void vscode.window.showWarningMessage(`memlsp: ${result.warning}`);
  }
}

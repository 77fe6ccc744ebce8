/**
 * How server results read to a person: sizes, ages, the status summary, recalled notes.
 * Shared by the view, the status bar, the commands and the chat participant. Pure: must not
 * import `vscode`.
 */
import type { RecallResult, ReviewItem, StatusResult } from './protocol';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  const kb = bytes / 1024;
  return kb < 1024 ? `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB` : `${(kb / 1024).toFixed(1)} MB`;
}

export function formatAge(days: number): string {
  if (days <= 0) {
    return 'today';
  }
  if (days === 1) {
    return 'yesterday';
  }
  return `${days} days ago`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const RUNNING = new Set(['queued', 'running']);

export function runningJobs(status: StatusResult): number {
  return status.jobs.filter((j) => RUNNING.has(j.state)).length;
}

export function statusMarkdown(status: StatusResult, pendingReviews: number | undefined): string {
  const lines = [
    `**Rollout** \`${status.rollout}\` · **model** \`${status.provider}\``,
    `**Memory home** \`${status.home}\`${status.homeExists ? '' : ' (not created yet)'}`,
    '',
    '| scope | notes | inbox | sessions | problems |',
    '|---|---:|---:|---:|---:|',
    ...status.counts.map((c) => `| \`${c.scope}\` | ${c.notes} | ${c.inbox} | ${c.sessions} | ${c.problems} |`),
    '',
    `**Last dream** ${status.lastDream ?? 'never'}` +
      (status.sessionsSinceDream === null ? '' : ` · ${plural(status.sessionsSinceDream, 'session')} since`),
  ];
  if (pendingReviews !== undefined) {
    lines.push(`**Pending review** ${pendingReviews}`);
  }
  const active = status.jobs.filter((j) => RUNNING.has(j.state));
  const recent = status.jobs.filter((j) => !RUNNING.has(j.state)).slice(-5);
  if (active.length) {
    lines.push('', '**Running**', ...active.map((j) => `- ${j.kind} (${j.state})`));
  }
  if (recent.length) {
    lines.push('', '**Recent jobs**', ...recent.map((j) => `- ${j.kind}: ${j.state}${j.message ? ` — ${j.message}` : ''}`));
  }
  return lines.join('\n');
}

const SKIPPED: Record<string, string> = {
  'rollout-off': 'memlsp\'s rollout is `off`, so recall does not run. Set `memlsp.rollout` to `on` to use it.',
  'rollout-shadow': 'memlsp\'s rollout is `shadow`: recall runs for measurement but injects nothing.',
  'rollout-dry-run': 'memlsp\'s rollout is `dry-run`: recall runs but injects nothing.',
  'budget-exhausted': 'This session has used its memory budget; start a new chat to recall more.',
};

export function skippedMessage(skipped: string | null): string | undefined {
  return skipped ? (SKIPPED[skipped] ?? `Recall skipped (${skipped}).`) : undefined;
}

/** Recalled notes for a person to read (the chat's /recall). */
export function recallMarkdown(result: RecallResult): string {
  const skipped = skippedMessage(result.skipped);
  if (skipped) {
    return skipped;
  }
  if (!result.memories.length) {
    return 'Nothing in memory is relevant to that.';
  }
  return result.memories
    .map((m) => {
      const stale = m.stale.length
        ? `\n\n> ⚠ ${m.stale.map((s) => s.message || `${s.ref}: ${s.reason}`).join('; ')}`
        : '';
      return `### ${m.name}\n*${m.type} · ${m.scope} · ${formatAge(m.ageDays)}* — \`${m.path}\`${stale}\n\n${m.content.trim()}`;
    })
    .join('\n\n');
}

export function reviewLabel(item: ReviewItem): string {
  return item.description || item.path.split('/').pop() || item.id;
}

/**
 * Following background jobs (`memory/jobStatus`): the last state of each job, and a promise
 * for a job's end. Notifications may arrive before anyone waits (a fast job), so the final
 * state is kept. Must not import `vscode`.
 */
import type { JobStatusParams } from './protocol';

const FINAL = new Set(['done', 'failed', 'cancelled']);
const KEEP = 200;

export class JobTracker {
  private readonly last = new Map<string, JobStatusParams>();
  private readonly waiters = new Map<string, ((s: JobStatusParams) => void)[]>();

  update(status: JobStatusParams): void {
    this.last.delete(status.jobId);
    this.last.set(status.jobId, status);
    if (this.last.size > KEEP) {
      const oldest = this.last.keys().next().value;
      if (oldest !== undefined) {
        this.last.delete(oldest);
      }
    }
    if (FINAL.has(status.state)) {
      for (const resolve of this.waiters.get(status.jobId) ?? []) {
        resolve(status);
      }
      this.waiters.delete(status.jobId);
    }
  }

  running(): JobStatusParams[] {
    return [...this.last.values()].filter((s) => !FINAL.has(s.state));
  }

  /** Resolves with the job's final status; rejects after `timeoutMs`. */
  wait(jobId: string, timeoutMs: number): Promise<JobStatusParams> {
    const known = this.last.get(jobId);
    if (known && FINAL.has(known.state)) {
      return Promise.resolve(known);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const list = this.waiters.get(jobId) ?? [];
        this.waiters.set(jobId, list.filter((w) => w !== done));
        reject(new Error(`the job ${jobId} did not finish within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      const done = (s: JobStatusParams): void => {
        clearTimeout(timer);
        resolve(s);
      };
      this.waiters.set(jobId, [...(this.waiters.get(jobId) ?? []), done]);
    });
  }
}

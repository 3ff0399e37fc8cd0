import type { Job } from '../../jobs/scheduler';
import { type PrepareDeps, prepareDueExports, sweepExpiredExports } from './data-export.service';

/**
 * The data-export jobs: preparing requested exports (every 5 s: a member waits on the settings page; an idle run is
 * one indexed UPDATE that finds nothing) and deleting expired ones (hourly). Several instances share them: each export
 * is claimed by one (SKIP LOCKED).
 */
export function dataExportJobs(deps: PrepareDeps): Job[] {
  return [
    {
      name: 'data-export',
      everyMs: 5_000,
      run: async () => {
        while ((await prepareDueExports(deps)) > 0);
      },
    },
    {
      name: 'data-export-expiry',
      everyMs: 3_600_000,
      run: async () => {
        while ((await sweepExpiredExports(deps.db, deps.storage)) > 0);
      },
    },
  ];
}

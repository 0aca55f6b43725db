/**
 * The order test files start in: the files that run a whole conformance catalogue (or several) first,
 * then vitest's own order (longest last time first; on a clean clone, with no timings kept, largest
 * file first). On a clean clone those files are small, so vitest's order started them last, and the
 * run ended with one core running one long file while the other stood idle.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that each take minutes, in the order they start (paths from the project's folder): the two
 * on PostgreSQL (three processes and the database each) apart, each beside an in-process one.
 */
export const HEAVY_FILES = [
  'test/hosting/worlds-catalogue-postgres.test.ts',
  'test/kit/profile-round-trip.test.ts',
  'test/hosting/conformance-through-balancer.test.ts',
  'test/kit/same-verdict.test.ts',
  'test/hosting/worlds-catalogue-memory.test.ts',
  'test/kit/conformance-cli.test.ts',
];

export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = HEAVY_FILES.indexOf(relative(this.ctx.config.root, file.moduleId).split('\\').join('/'));
      return at === -1 ? HEAVY_FILES.length : at;
    };
    // A stable sort: within the same rank, vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

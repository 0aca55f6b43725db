/** docs/hosting.md shows the HAProxy configuration the tests run, for its ports and addresses. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { haproxyConfig } from '../helpers/facility.js';

const page = readFileSync(new URL('../../docs/hosting.md', import.meta.url), 'utf8');

it('shows the HAProxy configuration the load-balancer tests run', () => {
  const shown = /## The load balancer[\s\S]*?```\n([\s\S]*?)```/.exec(page)![1];
  expect(shown).toBe(
    haproxyConfig({
      bind: '0.0.0.0',
      api: 8443,
      portal: 8080,
      backends: [
        { api: 9443, portal: 9080 },
        { api: 9444, portal: 9081 },
        { api: 9445, portal: 9082 },
      ],
    }),
  );
});

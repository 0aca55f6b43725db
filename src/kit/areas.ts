/** The areas of the catalogue, in the order reports list them. Its own file: events and scenarios both name one. */
export const AREAS = [
  'identity',
  'consents',
  'sca',
  'ais-data',
  'paging',
  'limits',
  'payments',
  'cof',
  'callbacks',
] as const;
export type Area = (typeof AREAS)[number];

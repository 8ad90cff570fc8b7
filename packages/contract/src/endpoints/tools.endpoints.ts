// The tools area's endpoints (one export per resource).
export * from './tools.downloads.endpoints.ts';
export * from './tools.labels.endpoints.ts';
export * from './tools.property-maps.endpoints.ts';

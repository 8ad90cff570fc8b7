// The content area's endpoints (one export per resource).
export * from './content.designs.endpoints.ts';
export * from './content.global-search.endpoints.ts';
export * from './content.libraries.endpoints.ts';
export * from './content.library-items.endpoints.ts';
export * from './content.material-categories.endpoints.ts';
export * from './content.materials.endpoints.ts';
export * from './content.project-models.endpoints.ts';
export * from './content.projects.endpoints.ts';
export * from './content.share-links.endpoints.ts';
export * from './processing.endpoints.ts';

export { GeometryEvents } from './geometry-events.component.tsx';
export { MaterialMapList, type MaterialMapUrls, MaterialViewer } from './material-viewer.component.tsx';
export { ProcessingFigures } from './processing-figures.component.tsx';
export { useLiveProcessing } from './processing-live.hook.ts';
export { canCancel, cancelProcessing, canReprocess, reprocess } from './processing-run.api.ts';
export { ProcessingRunButtons } from './processing-run-buttons.component.tsx';
export { ProcessingDownloads, type ProcessingRecord, RecordViewer } from './record-viewer.component.tsx';
export { Viewer, type ViewerProps, type ViewerSource } from './viewer.component.tsx';

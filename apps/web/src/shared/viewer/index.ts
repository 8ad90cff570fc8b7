export { useGeometryEvents } from './geometry-events.api.ts';
export { GeometryEvents } from './geometry-events.component.tsx';
export { MaterialMapList, type MaterialMapUrls, MaterialViewer } from './material-viewer.component.tsx';
export { ProcessingFigures } from './processing-figures.component.tsx';
export { useLiveProcessing } from './processing-live.hook.ts';
export { canCancel, cancelProcessing, canReprocess } from './processing-run.api.ts';
export { ProcessingRunButtons } from './processing-run-buttons.component.tsx';
export { ProcessingDownloads, type ProcessingRecord, RecordViewer } from './record-viewer.component.tsx';
export { reprocess } from './reprocess.api.ts';
export { ReprocessForm, type ReprocessFormProps, type ReprocessRecord } from './reprocess-form.component.tsx';
export {
  type FinishChoice,
  type FinishFrame,
  type FinishMaps,
  Viewer,
  type ViewerProps,
  type ViewerSource,
} from './viewer.component.tsx';

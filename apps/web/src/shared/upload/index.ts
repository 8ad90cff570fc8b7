export { nameFromFileName } from './file-name.logic.ts';
export type {
  MultipleUploadFieldProps,
  SingleUploadFieldProps,
  UploadedFile,
  UploadFieldProps,
} from './upload.types.ts';
export {
  UPLOAD_WIDGET,
  type UploadProblem,
  uploadAccept,
  uploadMimeType,
  uploadProblem,
} from './upload-checks.logic.ts';
export { UploadField } from './upload-field.component.tsx';

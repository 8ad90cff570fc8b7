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
export { type FormErrors, formErrorsOf, nameFromFileName } from './upload-form-errors.logic.ts';
export { formatBytes } from './upload-progress.logic.ts';

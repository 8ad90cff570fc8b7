export { ConfirmDialog, type ConfirmDialogProps } from '../ui/confirm-dialog.component.tsx';
export { ImageField, type ImageFieldProps } from './image-field.component.tsx';
export { IMAGE_ACCEPT, type ImageFileProblem, imageFileProblem } from './image-file.logic.ts';
export { type PickerOption, RecordPicker, type RecordPickerProps } from './record-picker.component.tsx';
export { SaveBar } from './save-bar.component.tsx';
export { applyServerErrors, fieldOf, type ServerErrorResult } from './server-errors.logic.ts';
export { TextField } from './text-field.component.tsx';
export { type FormValue, toFormData } from './to-form-data.logic.ts';
export { zodResolver } from './zod-resolver.ts';

export { ConfirmDialog, type ConfirmDialogProps } from '../ui/confirm-dialog.component.tsx';
export { type FieldMessage, formResolver, isBlank, maxLengthOf, requiredMessage } from './form-resolver.ts';
export { ImageField, type ImageFieldProps } from './image-field.component.tsx';
export { IMAGE_ACCEPT, type ImageFileProblem, imageFileProblem } from './image-file.logic.ts';
export {
  type PlacedRecord,
  PlacementFields,
  type PlacementValues,
  placementBody,
  placementChanged,
  placementValues,
} from './placement-fields.component.tsx';
export { type PickerOption, RecordPicker, type RecordPickerProps } from './record-picker.component.tsx';
export { SaveBar } from './save-bar.component.tsx';
export { applyServerErrors, fieldOf, type ServerErrorResult, type ServerFieldMap } from './server-errors.logic.ts';
export { TextField } from './text-field.component.tsx';
export { type FormValue, toFormData } from './to-form-data.logic.ts';

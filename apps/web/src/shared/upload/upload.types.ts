import type { UploadPurpose } from '@meshport/contract';

/** A file that finished uploading (tus): what a form sends is its `uploadId`. */
export interface UploadedFile {
  /** The last segment of the upload's tus `Location` (32 hex digits). */
  uploadId: string;
  name: string;
  size: number;
  /** An object URL of the chosen image (image fields only), for its preview. */
  previewUrl?: string;
}

interface UploadFieldCommon {
  label: string;
  /** What the field takes (contract `UPLOAD_PURPOSES`): checks the name and the size before sending. */
  purpose: UploadPurpose;
  description?: string;
  /** A server message for the field (422), shown under it. */
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** True while any file of the field is still uploading (a form keeps Save disabled). */
  onBusyChange?: (busy: boolean) => void;
  /** Image fields: the image the record has now, shown until another is chosen. */
  currentUrl?: string | null;
  /** Image fields: the text under the current image (e.g. 'Inherited from Oak'). */
  currentCaption?: string;
  /**
   * Which unfinished uploads (of an earlier visit or before a reload) the field offers to resume:
   * its purpose by default. Fields of one purpose on one form give each their own (e.g. the map kind).
   */
  resumeScope?: string;
}

/** One file: `value` is the finished upload or null. */
export interface SingleUploadFieldProps extends UploadFieldCommon {
  multiple?: false;
  value: UploadedFile | null;
  onChange: (file: UploadedFile | null) => void;
}

/** Several files: `value` lists the finished uploads in the order they were added. */
export interface MultipleUploadFieldProps extends UploadFieldCommon {
  multiple: true;
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
}

export type UploadFieldProps = SingleUploadFieldProps | MultipleUploadFieldProps;

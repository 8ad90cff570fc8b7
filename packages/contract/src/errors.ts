import { z } from 'zod';

export const messageSchema = z.object({ message: z.string() });
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export const maintenanceErrorSchema = z.object({
  message: z.string(),
  back_on: z.string().nullable(),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;
export type MaintenanceError = z.infer<typeof maintenanceErrorSchema>;

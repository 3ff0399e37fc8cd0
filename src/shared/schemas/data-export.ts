import { z } from 'zod';

/**
 * A member's copy of their data (GDPR Art. 15 and 20; issue 23, point 2). `preparing`: the job is making it;
 * `ready`: downloadable until `expires_at` with the member's own session; `expired`: the file is deleted;
 * `failed`: it could not be made (the member may ask again at once).
 */
export const DATA_EXPORT_STATES = ['preparing', 'ready', 'expired', 'failed'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const dataExportInfoSchema = z.object({
  id: z.number().int(),
  state: z.enum(DATA_EXPORT_STATES),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** GET it with the member's session (only while ready) */
  download_url: z.string().nullable(),
});
export type DataExportInfo = z.infer<typeof dataExportInfoSchema>;

/** GET and POST /api/data-export.php: the member's newest export, and when another may be asked for (null: now). */
export const dataExportStatusSchema = z.object({
  export: dataExportInfoSchema.nullable(),
  next_request_at: z.string().nullable(),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** POST /api/data-export.php takes no fields (a JSON body, as every state-changing call). */
export const dataExportRequestSchema = z.object({}).strict();

/** GET /api/data-export-file.php?id= (member) and /api/admin/member-export-file.php?id= (staff). */
export const dataExportFileQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/** POST /api/admin/member-export.php: staff ask for a member's export (issue 22, point 6). */
export const adminExportRequestSchema = z.object({ member: z.number().int().positive() });

/** GET /api/admin/member-export.php?member=: the member's newest exports (staff and member requested). */
export const adminExportListQuerySchema = z.object({ member: z.coerce.number().int().positive() });

export const adminExportSchema = dataExportInfoSchema.extend({
  requested_by: z.enum(['member', 'staff']),
});
export type AdminExport = z.infer<typeof adminExportSchema>;
export const adminExportListSchema = z.object({ exports: z.array(adminExportSchema) });

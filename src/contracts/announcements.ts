import { z } from 'zod';
import { isoDateTime } from './common';

export const announcementSchema = z.object({ content: z.string(), createdAt: isoDateTime });
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementsResponseSchema = z.object({ announcements: z.array(announcementSchema) });

import { z } from 'zod';

/** A count (the review lists' and the new-currency queue's count calls). */
export const countSchema = z.number().int().min(0);

/** Whether an image is on file (the image checks). */
export const imageOnFileSchema = z.boolean();

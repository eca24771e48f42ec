import { type BotImageSpec, imageBytesProblem, imagePlan, WHATSAPP_PROFILE_PHOTO } from '@portico/domain';
import { BadRequestError, PayloadTooLargeError } from '../../platform/http/errors.ts';
import { imageWork } from '../../platform/uploads/image-work.ts';

/** The largest upload taken for resizing: ten times the network's limit (the photo's 5 MB at least). */
export const uploadLimitOf = (spec: BotImageSpec) =>
  Math.max(spec.maxBytes * 10, WHATSAPP_PROFILE_PHOTO.maxBytes);

export interface PreparedImage {
  bytes: Uint8Array;
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

const refuse = (field: string, message: string) => new BadRequestError(message, [{ field, message }]);

/**
 * A bot image checked by its content with sharp: a PNG or JPEG of the network's exact pixel size
 * and byte limit is kept; one of the right shape but another size or weight is resized (and
 * re-encoded, JPEG quality stepping down) to fit; anything else is refused with what was wrong.
 */
export async function prepareBotImage(
  field: string,
  spec: BotImageSpec,
  bytes: Uint8Array,
): Promise<PreparedImage> {
  if (bytes.length === 0) throw refuse(field, `The ${spec.label} is empty.`);
  if (bytes.length > uploadLimitOf(spec))
    throw new PayloadTooLargeError(`The ${spec.label} file is too large to process.`);
  return imageWork(async (sharp) => {
    const meta = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .metadata()
      .catch(() => null);
    if (!meta?.format || !meta.width || !meta.height || !['png', 'jpeg'].includes(meta.format))
      throw refuse(field, `The ${spec.label} must be a PNG or JPEG picture.`);
    const format = meta.format as 'png' | 'jpeg';
    const plan = imagePlan(spec, { width: meta.width, height: meta.height, bytes: bytes.length });
    if (plan.action === 'refuse') throw refuse(field, plan.message);
    if (plan.action === 'keep') return { bytes, format, width: meta.width, height: meta.height };
    const resized = sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
      .autoOrient()
      .resize({ width: plan.width, height: plan.height, fit: 'fill' });
    let out: Buffer | null = null;
    let outFormat: 'png' | 'jpeg' = format;
    if (format === 'png') {
      out = await resized.clone().png({ compressionLevel: 9, palette: true }).toBuffer();
    }
    if (!out || out.length > spec.maxBytes) {
      outFormat = 'jpeg';
      for (const quality of [88, 80, 72, 64, 56, 48]) {
        out = await resized
          .clone()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality, mozjpeg: true })
          .toBuffer();
        if (out.length <= spec.maxBytes) break;
      }
    }
    if (!out) throw refuse(field, `The ${spec.label} could not be converted.`);
    const heavy = imageBytesProblem(spec, out.length);
    if (heavy) throw refuse(field, heavy);
    return { bytes: out, format: outFormat, width: plan.width, height: plan.height };
  });
}

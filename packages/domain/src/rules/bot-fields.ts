import { E164_MESSAGE, isE164 } from './phone-numbers.ts';
/**
 * The fields of a bot as the networks define them, shared by the web form (checked while typing)
 * and the API (checked again, images by content).
 *
 * RCS: a Google RBM agent (Business Communications API, "Edit agent information"): display name,
 * description without script/HTML/JSON/escapes/templates/nested scopes, a brand colour with a
 * contrast ratio of at least 4.5:1 against white, a logo of 224 x 224 px (at most 50 KB, shown as
 * a circle), a banner (hero) image of 1440 x 448 px (JPEG, at most 200 KB), phones / emails /
 * websites each with a label, and the privacy policy and terms of service URLs.
 *
 * WhatsApp: a WhatsApp Business sender (Cloud API phone number + business profile): a display name
 * under Meta's display name guidelines, an E.164 phone number, the profile's "about" text, its
 * vertical (category) and a square profile photo.
 */

/* ------------------------------------------------------------------ RCS (Google RBM agent) */

/** Length limits of an RBM agent's text fields. */
export const RBM_AGENT_LIMITS = {
  displayNameMax: 40,
  descriptionMax: 100,
  /** Phones, emails and websites: each list holds up to this many entries. */
  contactsMax: 3,
  /** The label shown beside a phone, email or website. */
  contactLabelMax: 25,
  urlMax: 2048,
  emailMax: 254,
} as const;

/** WCAG contrast the brand colour must reach against white (the agent card's background). */
export const BRAND_COLOUR_MIN_CONTRAST = 4.5;

export interface BotImageSpec {
  /** How a person names it in a message ("The logo ..."). */
  label: string;
  /** Exact size the network wants (for the WhatsApp photo: the size it is stored at). */
  width: number;
  height: number;
  maxBytes: number;
  /** Accepted content types (checked by content on the server). */
  types: readonly string[];
  /** The smallest side accepted before resizing (only the WhatsApp photo is resized up to its size from any square). */
  minSide: number;
}

/** The agent's logo: 224 x 224 px, at most 50 KB (RBM shows it as a 224 px circle). */
export const RBM_LOGO: BotImageSpec = {
  label: 'logo',
  width: 224,
  height: 224,
  maxBytes: 50_000,
  types: ['image/png', 'image/jpeg'],
  minSide: 224,
};
/** The agent's banner (hero) image: 1440 x 448 px JPEG, at most 200 KB. */
export const RBM_BANNER: BotImageSpec = {
  label: 'banner image',
  width: 1440,
  height: 448,
  maxBytes: 200_000,
  types: ['image/jpeg', 'image/png'],
  minSide: 448,
};
/** The WhatsApp profile photo: square, at least 192 px, at most 5 MB; stored at 640 x 640. */
export const WHATSAPP_PROFILE_PHOTO: BotImageSpec = {
  label: 'profile photo',
  width: 640,
  height: 640,
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png'],
  minSide: 192,
};
export const BOT_IMAGE_SPECS = {
  logo: RBM_LOGO,
  banner: RBM_BANNER,
  photo: WHATSAPP_PROFILE_PHOTO,
} as const;
export type BotImageKind = keyof typeof BOT_IMAGE_SPECS;

/** Content Google refuses in an agent's description (and that a display name must not hold either). */
const RBM_FORBIDDEN_CONTENT: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /<\s*\/?\s*[a-z!][^>]*>/i, what: 'HTML or script tags' },
  { pattern: /%(2e|2f|5c|25)/i, what: 'escaped characters such as %2e, %2f, %5c or %25' },
  { pattern: /\{\{|\}\}|\$\{|<%|%>/, what: 'template syntax such as {{ }} or <% %>' },
  { pattern: /(\{\s*"[^"]*"\s*:|\[\s*[{["\d][\s\S]*\])/, what: 'JSON' },
  { pattern: /(^|\s)(\/(etc|usr|bin|var|home|tmp)\/|[a-z]:\\)/i, what: 'operating-system paths' },
  {
    pattern: /(^|[\s;|&`])(rm\s+-|sudo\s|chmod\s|curl\s+http|wget\s|cat\s+\/|bash\s+-c)/i,
    what: 'Unix commands',
  },
  { pattern: /[{([][^{}()[\]]*[{([]/, what: 'nested brackets such as {outer (inner)}' },
];

function forbiddenContent(value: string): string | null {
  return RBM_FORBIDDEN_CONTENT.find(({ pattern }) => pattern.test(value))?.what ?? null;
}

/** What is wrong with an RBM agent display name, or null. */
export function rbmDisplayNameProblem(value: string): string | null {
  const name = value.trim();
  if (!name) return 'Display name is required.';
  if (name.length > RBM_AGENT_LIMITS.displayNameMax)
    return `Display name is at most ${RBM_AGENT_LIMITS.displayNameMax} characters.`;
  if (/[/\\:]/.test(name)) return 'Display name must not contain /, \\ or : (devices strip them).';
  const forbidden = forbiddenContent(name);
  return forbidden ? `Display name must not contain ${forbidden}.` : null;
}

/** What is wrong with an RBM agent description, or null. */
export function rbmDescriptionProblem(value: string): string | null {
  const description = value.trim();
  if (!description) return 'Description is required.';
  if (description.length > RBM_AGENT_LIMITS.descriptionMax)
    return `Description is at most ${RBM_AGENT_LIMITS.descriptionMax} characters.`;
  const forbidden = forbiddenContent(description);
  return forbidden ? `Description must not contain ${forbidden}.` : null;
}

/** A colour as #RRGGBB (or #RGB), or null when it is not one. */
export function parseHexColour(value: string): { r: number; g: number; b: number } | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return {
    r: Number.parseInt(hex.slice(0, 2), 16),
    g: Number.parseInt(hex.slice(2, 4), 16),
    b: Number.parseInt(hex.slice(4, 6), 16),
  };
}

/** WCAG 2 relative luminance of an sRGB colour (0 black .. 1 white). */
export function relativeLuminance({ r, g, b }: { r: number; g: number; b: number }): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two #RRGGBB colours (1 .. 21), or null when one is not a colour. */
export function contrastRatio(foreground: string, background: string): number | null {
  const a = parseHexColour(foreground);
  const b = parseHexColour(background);
  if (!a || !b) return null;
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** What is wrong with a brand colour (it must read on white at 4.5:1 or better), or null. */
export function brandColourProblem(value: string): string | null {
  const ratio = contrastRatio(value, '#FFFFFF');
  if (ratio === null) return 'Enter the brand colour as #RRGGBB, e.g. #E91B0C.';
  if (ratio < BRAND_COLOUR_MIN_CONTRAST)
    return `The brand colour is too light on white: contrast ${ratio.toFixed(2)}:1, at least ${BRAND_COLOUR_MIN_CONTRAST}:1 needed. Choose a darker colour.`;
  return null;
}

/** What is wrong with a contact's label (phone, email or website), or null. */
export function contactLabelProblem(value: string): string | null {
  const label = value.trim();
  if (!label) return 'Label is required.';
  if (label.length > RBM_AGENT_LIMITS.contactLabelMax)
    return `Label is at most ${RBM_AGENT_LIMITS.contactLabelMax} characters.`;
  return null;
}

/**
 * An RBM contact phone: full E.164 (+12223334444) or a local/toll-free number of digits only
 * (6502530000); short emergency numbers are refused.
 */
export function rbmPhoneProblem(value: string): string | null {
  const phone = value.trim();
  if (isE164(phone) || /^\d{6,15}$/.test(phone)) return null;
  return 'Enter the phone number as +12223334444 or as the local number 6502530000.';
}

/** An https URL (privacy policy, terms of service, website), or the reason it is not one. */
export function httpsUrlProblem(value: string, label: string): string | null {
  const url = value.trim();
  if (!url) return `${label} is required.`;
  if (url.length > RBM_AGENT_LIMITS.urlMax)
    return `${label} is at most ${RBM_AGENT_LIMITS.urlMax} characters.`;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('protocol');
    if (!parsed.hostname.includes('.')) throw new Error('host');
    return null;
  } catch {
    return `Enter the ${label.toLowerCase()} as https://example.com/page.`;
  }
}

/* ------------------------------------------------------------------ Images */

export interface ImageFacts {
  width: number;
  height: number;
  bytes: number;
}

/**
 * What to do with an uploaded image: keep it as is, resize (or re-encode) it to the exact size when
 * only the size or the weight is off but the shape is right, or refuse it with what was wrong.
 */
export type ImagePlan =
  | { action: 'keep' }
  | { action: 'resize'; width: number; height: number }
  | { action: 'refuse'; message: string };

const ASPECT_TOLERANCE = 0.01;

export function imagePlan(spec: BotImageSpec, image: ImageFacts): ImagePlan {
  const wanted = `${spec.width} x ${spec.height} px`;
  const got = `${image.width} x ${image.height} px`;
  const sameShape =
    Math.abs(image.width / image.height - spec.width / spec.height) <=
    ASPECT_TOLERANCE * (spec.width / spec.height);
  if (!sameShape) {
    return {
      action: 'refuse',
      message: `The ${spec.label} must be ${wanted} (width:height ${ratioText(spec)}); this picture is ${got}.`,
    };
  }
  if (Math.min(image.width, image.height) < spec.minSide) {
    const shortSide = Math.min(spec.width, spec.height);
    const least = `${Math.round((spec.minSide * spec.width) / shortSide)} x ${Math.round((spec.minSide * spec.height) / shortSide)} px`;
    return { action: 'refuse', message: `The ${spec.label} is too small: ${got}, at least ${least} needed.` };
  }
  if (image.width === spec.width && image.height === spec.height && image.bytes <= spec.maxBytes) {
    return { action: 'keep' };
  }
  return { action: 'resize', width: spec.width, height: spec.height };
}

/** The weight check after a resize: the stored file must fit the network's byte limit. */
export function imageBytesProblem(spec: BotImageSpec, bytes: number): string | null {
  if (bytes <= spec.maxBytes) return null;
  return `The ${spec.label} is too heavy: ${formatKb(bytes)}, at most ${formatKb(spec.maxBytes)}. Use a simpler picture or stronger compression.`;
}

/** What is wrong with a picked file by its declared type and size before upload (the server checks content). */
export function imageFileProblem(spec: BotImageSpec, file: { type: string; size: number }): string | null {
  if (!spec.types.includes(file.type))
    return `The ${spec.label} must be a ${spec.types.map((t) => t.replace('image/', '').toUpperCase()).join(' or ')} picture.`;
  // A larger original may still be resized, up to 10 times the limit (or 5 MB for the photo).
  if (file.size > Math.max(spec.maxBytes * 10, WHATSAPP_PROFILE_PHOTO.maxBytes))
    return `The ${spec.label} file is far too large (${formatKb(file.size)}).`;
  return null;
}

function ratioText(spec: BotImageSpec): string {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const d = gcd(spec.width, spec.height);
  return `${spec.width / d}:${spec.height / d}`;
}

function formatKb(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.ceil(bytes / 1000)} KB`;
}

/* ------------------------------------------------------------------ WhatsApp Business sender */

export const WHATSAPP_LIMITS = {
  displayNameMin: 3,
  displayNameMax: 255,
  /** The business profile's "about" text. */
  aboutMax: 139,
  /** A WhatsApp Business Account id: digits. */
  wabaIdMax: 20,
} as const;

/** The business profile verticals of the Cloud API, with how a person reads them. */
export const WHATSAPP_CATEGORIES = {
  AUTO: 'Automotive',
  BEAUTY: 'Beauty, spa and salon',
  APPAREL: 'Clothing and apparel',
  EDU: 'Education',
  ENTERTAIN: 'Entertainment',
  EVENT_PLAN: 'Event planning and service',
  FINANCE: 'Finance and banking',
  GROCERY: 'Food and grocery',
  GOVT: 'Public service',
  HOTEL: 'Hotel and lodging',
  HEALTH: 'Medical and health',
  NONPROFIT: 'Non-profit',
  PROF_SERVICES: 'Professional services',
  RETAIL: 'Shopping and retail',
  TRAVEL: 'Travel and transportation',
  RESTAURANT: 'Restaurant',
  OTHER: 'Other',
} as const;
export type WhatsappCategory = keyof typeof WHATSAPP_CATEGORIES;
export const WHATSAPP_CATEGORY_CODES = Object.keys(WHATSAPP_CATEGORIES) as [
  WhatsappCategory,
  ...WhatsappCategory[],
];

const URL_LIKE = /(https?:\/\/|www\.|\.(com|net|org|in|io|co|info|biz|app)(\b|\/))/i;
const EMOJI = /\p{Extended_Pictographic}/u;

/**
 * What is wrong with a WhatsApp display name under Meta's guidelines, or null: at least 3
 * characters, no URL, not all capitals (an acronym of up to 5 letters is fine), no emoji, no
 * repeated punctuation or extra spaces, and not "WhatsApp" itself.
 */
export function whatsappDisplayNameProblem(value: string): string | null {
  const name = value;
  if (!name.trim()) return 'Display name is required.';
  if (name !== name.trim() || /\s{2,}/.test(name))
    return 'Display name must not start or end with spaces or hold double spaces.';
  if (name.length < WHATSAPP_LIMITS.displayNameMin)
    return `Display name is at least ${WHATSAPP_LIMITS.displayNameMin} characters.`;
  if (name.length > WHATSAPP_LIMITS.displayNameMax)
    return `Display name is at most ${WHATSAPP_LIMITS.displayNameMax} characters.`;
  if (URL_LIKE.test(name)) return 'Display name must not be or contain a web address.';
  if (EMOJI.test(name)) return 'Display name must not contain emoji.';
  if (/[!?.,&*#@$%^~_=+|<>-]{2,}/.test(name)) return 'Display name must not repeat punctuation or symbols.';
  if (/whats\s*app/i.test(name)) return 'Display name must not contain "WhatsApp".';
  const letters = name.replace(/[^\p{L}]/gu, '');
  const isAllCaps =
    letters.length > 0 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
  const isAcronym = /^\p{Lu}{2,5}$/u.test(name);
  if (isAllCaps && !isAcronym)
    return 'Display name must not be all capitals (only an acronym of up to 5 letters may be).';
  return null;
}

/** A WhatsApp sender phone: E.164 with its country code. */
export function e164Problem(value: string): string | null {
  return isE164(value.trim()) ? null : E164_MESSAGE;
}

/** What is wrong with the business profile's "about" text, or null. */
export function whatsappAboutProblem(value: string): string | null {
  const about = value.trim();
  if (!about) return 'About is required.';
  if (about.length > WHATSAPP_LIMITS.aboutMax)
    return `About is at most ${WHATSAPP_LIMITS.aboutMax} characters.`;
  if (/<\s*\/?\s*[a-z][^>]*>/i.test(about)) return 'About must not contain HTML.';
  return null;
}

/** A WhatsApp Business Account id: digits only. */
export function wabaIdProblem(value: string): string | null {
  return /^\d{5,20}$/.test(value.trim()) ? null : 'Enter the WhatsApp Business Account id (digits only).';
}

import { randomUUID } from 'node:crypto';
import { BRAND_CARRIER_MACHINE, BRAND_MACHINE, ROLES } from '@portico/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/password.ts';
import { carriers, lookupValues, partners, users } from '../../platform/db/core.schema.ts';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_PARTNERS, DEMO_PASSWORD } from '../../platform/db/seed/index.ts';
import { reviewHistory } from '../../platform/review/review.schema.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { brandCarriers, brandDocuments, brands } from './brands.schema.ts';
import { BRAND_DOCUMENTS_PREFIX } from './brands.service.ts';

const B = BRAND_MACHINE.states;
const C = BRAND_CARRIER_MACHINE.states;
const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

/** A second carrier with its own reviewer, so one carrier can approve a brand and another reject it. */
export const DEMO_SECOND_CARRIER = {
  partnerId: id(12),
  carrier: 'Bharti Airtel',
  company: 'Bharti Airtel Ltd',
  email: 'airtel-admin@portico.test',
} as const;

type CarrierKey = 'jio' | 'airtel' | 'vi';
const CARRIER_NAMES: Record<CarrierKey, string> = {
  jio: 'Reliance Jio',
  airtel: 'Bharti Airtel',
  vi: 'Vi (Vodafone Idea)',
};

interface DemoStep {
  action: string;
  from: number | null;
  to: number;
  by: string;
  carrier?: CarrierKey;
  reason?: string;
  subject?: 'brand' | 'brand-carrier';
}

interface DemoBrand {
  n: number;
  partner: 'developer' | 'aggregator';
  name: string;
  industry: string;
  website: string;
  status: number;
  carriers: Partial<Record<CarrierKey, number>>;
  verified?: boolean;
  steps: DemoStep[];
}

const DEV = 'developer@portico.test';
const AGG = 'aggregator@portico.test';
const ADMIN = 'superadmin@portico.test';
const JIO = 'carrier-admin@portico.test';
const AIRTEL = DEMO_SECOND_CARRIER.email;

const created = (by: string): DemoStep => ({ action: 'created', from: null, to: B.draft.code, by });
const submitted = (by: string): DemoStep => ({
  action: 'submit',
  from: B.draft.code,
  to: B.submitted.code,
  by,
});
const forwarded: DemoStep = { action: 'forward', from: B.submitted.code, to: B.forwarded.code, by: ADMIN };
const carrierSays = (carrier: CarrierKey, by: string, approve: boolean, reason?: string): DemoStep => ({
  action: approve ? 'approve' : 'reject',
  from: C.to_be_approved_by_carrier.code,
  to: approve ? C.approved.code : C.rejected.code,
  by,
  carrier,
  subject: 'brand-carrier',
  ...(reason ? { reason } : {}),
});

/** Brands in every state, for two partners and three carriers, each with the history that led there. */
const DEMO_BRANDS: readonly DemoBrand[] = [
  {
    n: 101,
    partner: 'developer',
    name: 'Chai Point Express',
    industry: 'Food & Beverage',
    website: 'https://chaipoint.example',
    status: B.draft.code,
    carriers: { jio: C.awaiting_platform.code, airtel: C.awaiting_platform.code },
    steps: [created(DEV)],
  },
  {
    n: 102,
    partner: 'developer',
    name: 'Masala Metro',
    industry: 'Food & Beverage',
    website: 'https://masalametro.example',
    status: B.submitted.code,
    carriers: { jio: C.awaiting_platform.code, airtel: C.awaiting_platform.code },
    steps: [created(DEV), submitted(DEV)],
  },
  {
    n: 103,
    partner: 'developer',
    name: 'Monsoon Books',
    industry: 'Retail & E-commerce',
    website: 'https://monsoonbooks.example',
    status: B.forwarded.code,
    carriers: { jio: C.to_be_approved_by_carrier.code, airtel: C.to_be_approved_by_carrier.code },
    steps: [created(DEV), submitted(DEV), forwarded],
  },
  {
    n: 104,
    partner: 'developer',
    name: 'Lotus Wellness',
    industry: 'Healthcare',
    website: 'https://lotuswellness.example',
    status: B.approved_pending_carrier.code,
    carriers: { jio: C.to_be_approved_by_carrier.code, airtel: C.approved.code },
    steps: [
      created(DEV),
      submitted(DEV),
      { action: 'approve', from: B.submitted.code, to: B.approved_pending_carrier.code, by: ADMIN },
      carrierSays('airtel', AIRTEL, true),
    ],
  },
  {
    n: 105,
    partner: 'developer',
    name: 'Saffron Stays',
    industry: 'Travel & Tourism',
    website: 'https://saffronstays.example',
    status: B.approved.code,
    verified: true,
    carriers: { jio: C.approved.code, airtel: C.rejected.code },
    steps: [
      created(DEV),
      submitted(DEV),
      forwarded,
      carrierSays('jio', JIO, true),
      carrierSays('airtel', AIRTEL, false, 'The registered address does not match the GST certificate.'),
      { action: 'carriers-approved', from: B.forwarded.code, to: B.approved.code, by: AIRTEL },
    ],
  },
  {
    n: 106,
    partner: 'developer',
    name: 'Quick Kirana',
    industry: 'Retail & E-commerce',
    website: 'https://quickkirana.example',
    status: B.rejected.code,
    carriers: { jio: C.awaiting_platform.code },
    steps: [
      created(DEV),
      submitted(DEV),
      {
        action: 'reject',
        from: B.submitted.code,
        to: B.rejected.code,
        by: ADMIN,
        reason: 'The certificate of incorporation is for another company name.',
      },
    ],
  },
  {
    n: 107,
    partner: 'aggregator',
    name: 'Orbit Retail Offers',
    industry: 'Advertising & Marketing',
    website: 'https://orbitreach.example/retail',
    status: B.forwarded.code,
    carriers: { jio: C.to_be_approved_by_carrier.code, vi: C.to_be_approved_by_carrier.code },
    steps: [created(AGG), submitted(AGG), forwarded],
  },
  {
    n: 108,
    partner: 'aggregator',
    name: 'Coastal Bank Alerts',
    industry: 'Banking',
    website: 'https://coastalbank.example',
    status: B.approved.code,
    verified: true,
    carriers: { jio: C.approved.code },
    steps: [
      created(AGG),
      submitted(AGG),
      forwarded,
      carrierSays('jio', JIO, true),
      { action: 'carriers-approved', from: B.forwarded.code, to: B.approved.code, by: JIO },
    ],
  },
  {
    n: 109,
    partner: 'aggregator',
    name: 'Metro Movies',
    industry: 'Media & Entertainment',
    website: 'https://metromovies.example',
    status: B.rejected.code,
    carriers: { jio: C.rejected.code },
    steps: [
      created(AGG),
      submitted(AGG),
      forwarded,
      carrierSays('jio', JIO, false, 'The logo belongs to another registered trademark.'),
      { action: 'carriers-rejected', from: B.forwarded.code, to: B.rejected.code, by: JIO },
    ],
  },
  {
    n: 110,
    partner: 'aggregator',
    name: 'Orbit Travel Deals',
    industry: 'Travel & Tourism',
    website: 'https://orbitreach.example/travel',
    status: B.submitted.code,
    carriers: { airtel: C.awaiting_platform.code },
    steps: [created(AGG), submitted(AGG)],
  },
];

const ROLE_OF: Record<string, string> = {
  [DEV]: ROLES.DEVELOPER,
  [AGG]: ROLES.DEVELOPER,
  [ADMIN]: ROLES.SUPER_ADMIN_PORTICO,
  [JIO]: ROLES.ADMIN_BILLING,
  [AIRTEL]: ROLES.ADMIN_BILLING,
};

async function seedSecondCarrier(database: Database, carrierId: number): Promise<void> {
  const { db } = database;
  await db
    .insert(partners)
    .values({
      partnerId: DEMO_SECOND_CARRIER.partnerId,
      kind: 'carrier',
      launchApproved: true,
      carrierId,
      company: { name: DEMO_SECOND_CARRIER.company, website: 'https://www.airtel.in', countryId: 'IN' },
      address: {
        line1: 'Airtel Center, Plot 16, Udyog Vihar',
        city: 'Gurugram',
        state: 'Haryana',
        countryId: 'IN',
      },
    })
    .onConflictDoNothing({ target: partners.partnerId });
  const [existing] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_SECOND_CARRIER.email}`);
  if (existing) return;
  await db
    .insert(users)
    .values({
      partnerId: DEMO_SECOND_CARRIER.partnerId,
      email: DEMO_SECOND_CARRIER.email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Arun',
      lastName: 'Pillai',
      role: ROLES.ADMIN_BILLING,
      status: 'active',
    })
    .onConflictDoNothing();
}

/** The business documents every demo brand carries (its draft only the first). */
const DEMO_DOCUMENTS = ['Certificate of Incorporation', 'GST Registration Certificate'] as const;

/** A small, real one-page PDF naming the brand and the document (pdf-lib), as a developer would upload. */
async function demoDocumentPdf(
  brand: DemoBrand,
  documentType: string,
  partnerName: string,
): Promise<Uint8Array> {
  // Loaded on first use: only a first demo start makes documents (a static import costs every start).
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const document = await PDFDocument.create();
  document.setTitle(`${documentType} - ${brand.name}`);
  document.setCreator('Portico demo seed');
  const page = document.addPage([595, 842]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  page.drawText(documentType, { x: 50, y: 770, size: 20, font: bold, color: rgb(0.1, 0.2, 0.45) });
  const lines = [
    `Brand: ${brand.name}`,
    `Registered by: ${partnerName}`,
    `Website: ${brand.website}`,
    `Reference: DEMO-${brand.n}-${documentType.split(' ')[0]?.toUpperCase() ?? 'DOC'}`,
    'A demo document made by the Portico seed: not a real certificate.',
  ];
  lines.forEach((line, i) => {
    page.drawText(line, { x: 50, y: 720 - i * 22, size: 12, font });
  });
  return document.save();
}

/**
 * The demo's brands (DEMO=1): every state for two partners and three carriers, with their
 * histories and business documents (PDFs in storage), and a second carrier reviewer (Bharti Airtel). Idempotent: fixed ids; brands that
 * exist are left as the demo users changed them.
 */
export async function seedDemoBrands(
  database: Database,
  storage: Storage,
): Promise<{ brands: number; created: number }> {
  const { db } = database;
  const carrierRows = await db
    .select({ id: carriers.carrierId, name: carriers.name })
    .from(carriers)
    .where(and(eq(carriers.countryId, 'IN'), inArray(carriers.name, Object.values(CARRIER_NAMES))));
  const carrierId = (key: CarrierKey) => {
    const row = carrierRows.find((c) => c.name === CARRIER_NAMES[key]);
    if (!row) throw new Error(`demo carrier ${CARRIER_NAMES[key]} is not seeded; seed reference data first`);
    return row.id;
  };
  await seedSecondCarrier(database, carrierId('airtel'));

  const industries = await db
    .select({ id: lookupValues.id, name: lookupValues.name })
    .from(lookupValues)
    .where(eq(lookupValues.kind, 'industry-types'));
  const industryId = (name: string) => {
    const row = industries.find((i) => i.name === name);
    if (!row) throw new Error(`industry type ${name} is not seeded; seed reference data first`);
    return row.id;
  };
  const documentTypes = await db
    .select({ id: lookupValues.id, name: lookupValues.name })
    .from(lookupValues)
    .where(and(eq(lookupValues.kind, 'document-types'), inArray(lookupValues.name, [...DEMO_DOCUMENTS])));
  const documentTypeId = (name: string) => {
    const row = documentTypes.find((d) => d.name === name);
    if (!row) throw new Error(`document type ${name} is not seeded; seed reference data first`);
    return row.id;
  };
  const people = await db
    .select({ userId: users.userId, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(ROLE_OF)));
  const userId = (email: string) => people.find((p) => p.email === email)?.userId ?? null;

  let createdCount = 0;
  const base = Date.parse('2026-09-01T09:00:00Z');
  for (const brand of DEMO_BRANDS) {
    const brandId = id(brand.n);
    const partner = DEMO_PARTNERS[brand.partner];
    const inserted = await db
      .insert(brands)
      .values({
        brandId,
        partnerId: partner.partnerId,
        name: brand.name,
        industryTypeId: industryId(brand.industry),
        website: brand.website,
        description: `${brand.name}: offers, order updates and support over RCS.`,
        contactName: brand.partner === 'developer' ? 'Dev Sharma' : 'Arjun Mehta',
        contactEmail: brand.partner === 'developer' ? DEV : AGG,
        contactPhone: '+919876543210',
        address: {
          line1: partner.address?.line1 ?? '1 MG Road',
          city: partner.address?.city ?? 'Bengaluru',
          postalCode: partner.address?.postalCode ?? '560001',
          countryId: 'IN',
        },
        status: brand.status,
        verificationState: brand.verified ? 'VERIFICATION_STATE_VERIFIED' : null,
        verificationCheckedAt: brand.verified ? new Date(base) : null,
        createdBy: userId(brand.partner === 'developer' ? DEV : AGG),
        submittedAt: brand.status === B.draft.code ? null : new Date(base + brand.n * 60_000),
        createdAt: new Date(base + brand.n * 3_600_000),
        updatedAt: new Date(base + brand.n * 3_600_000 + brand.steps.length * 600_000),
      })
      .onConflictDoNothing({ target: brands.brandId })
      .returning({ brandId: brands.brandId });
    if (inserted.length === 0) continue;
    createdCount += 1;
    await db.insert(brandCarriers).values(
      (Object.entries(brand.carriers) as [CarrierKey, number][]).map(([key, status]) => ({
        brandId,
        carrierId: carrierId(key),
        status,
        decidedAt: status === C.approved.code || status === C.rejected.code ? new Date(base) : null,
      })),
    );
    // Its business documents: real PDFs, stored through the storage layer like an upload.
    const documents = brand.status === B.draft.code ? DEMO_DOCUMENTS.slice(0, 1) : DEMO_DOCUMENTS;
    for (const [d, documentType] of documents.entries()) {
      const bytes = await demoDocumentPdf(brand, documentType, partner.company.name);
      const documentId = randomUUID();
      const key = `${BRAND_DOCUMENTS_PREFIX}${brandId}/${documentId}.pdf`;
      await storage.put(key, bytes, 'application/pdf');
      await db.insert(brandDocuments).values({
        documentId,
        brandId,
        documentTypeId: documentTypeId(documentType),
        fileKey: key,
        filename: `${documentType.toLowerCase().replaceAll(' ', '-')}.pdf`,
        sizeBytes: bytes.length,
        pages: 1,
        uploadedBy: userId(brand.partner === 'developer' ? DEV : AGG),
        createdAt: new Date(base + brand.n * 3_600_000 + (d + 1) * 60_000),
      });
    }
    await db.insert(reviewHistory).values(
      brand.steps.map((step, i) => ({
        subject: step.subject ?? 'brand',
        subjectId: brandId,
        carrierId: step.carrier ? carrierId(step.carrier) : null,
        action: step.action,
        fromCode: step.from,
        toCode: step.to,
        reason: step.reason ?? null,
        actorUserId: userId(step.by),
        actorEmail: step.by,
        actorRole: ROLE_OF[step.by] ?? null,
        createdAt: new Date(base + brand.n * 3_600_000 + i * 600_000),
      })),
    );
  }
  return { brands: DEMO_BRANDS.length, created: createdCount };
}

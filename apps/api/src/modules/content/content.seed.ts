import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  audienceSampleRows,
  type DownloadCategory,
  type FaqCategory,
  toDelimitedText,
} from '@portico/domain';
import { count } from 'drizzle-orm';
import type { SeedContext } from '../../platform/module.ts';
import { packageDir } from '../../platform/package-paths.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { contentDownloads, contentFaqs, contentVideos, pressReleases } from './content.schema.ts';
import { sanitizeStoredHtml } from './sanitize.ts';
import { pdfOf, zipOf } from './seed-files.ts';

const FAQS: readonly { category: FaqCategory; question: string; answer: string }[] = [
  {
    category: 'onboarding',
    question: 'How do I get started as a developer?',
    answer:
      '<p>Sign up with your work email, verify it, then complete your <b>organisation profile</b>. Once your profile is complete you can create bots, brands and campaigns from the top bar.</p>',
  },
  {
    category: 'onboarding',
    question: 'What is the difference between a developer and an aggregator account?',
    answer:
      '<p>A developer builds bots for their own brand. An <b>aggregator</b> manages bots for several brands and can add users with read-only or read-write access. Aggregators need a launch approval before billing, brands and campaigns are enabled.</p>',
  },
  {
    category: 'rcs',
    question: 'How do I launch an RCS agent with a carrier?',
    answer:
      '<p>Open <b>My Bots</b>, choose your agent and select <i>Launch</i>. Pick the carriers, attach the brand verification documents, and submit. Each carrier reviews the launch separately; you can follow each status on the launch details page.</p>',
  },
  {
    category: 'rcs',
    question: 'What are the logo and banner requirements for an RCS agent?',
    answer:
      '<ul><li>Logo: 224 x 224 px, PNG or JPEG, at most 50 KB.</li><li>Banner: 1440 x 448 px, at most 200 KB.</li><li>Use your brand colours; the logo is shown in a circle.</li></ul>',
  },
  {
    category: 'rcs',
    question: 'Can I test my RCS agent before it is launched?',
    answer:
      '<p>Yes. Add up to 20 <b>test devices</b> to the agent. Each tester accepts an invitation on their phone, then receives messages from the agent while it is unlaunched.</p>',
  },
  {
    category: 'whatsapp',
    question: 'How do I onboard a WhatsApp Business number?',
    answer:
      '<p>Create a WhatsApp bot, enter the business display name and the phone number, and verify the number with the one-time password sent to it. The number must not be registered on the WhatsApp consumer app.</p>',
  },
  {
    category: 'whatsapp',
    question: 'Why was my WhatsApp message template rejected?',
    answer:
      '<p>Templates are reviewed by WhatsApp. Common reasons are <b>variables without sample values</b>, promotional content in a utility template, or a template that duplicates an existing one. Edit the template and submit it again.</p>',
  },
  {
    category: 'campaigns',
    question: 'Which audience file formats are accepted?',
    answer:
      '<p>CSV, XLSX or TXT files with an <b>msisdn</b> column in international format (for example +919876543210). Download the samples from <i>Developer Assets &gt; Sample files</i>; personalised campaigns add one column per template variable.</p>',
  },
  {
    category: 'billing',
    question: 'How is my wallet charged?',
    answer:
      '<p>Each verification and message is priced by the carrier rate plan in force. The amount is held when you submit and captured when the carrier completes it. See <b>My Wallet</b> for every movement.</p>',
  },
];

const PRESS_RELEASES = [
  {
    title: 'Portico opens RCS business messaging to partners in India',
    summary: 'Developers and aggregators can now launch verified RCS agents on the major Indian carriers.',
    body: '<p>Portico today opened its partner portal to developers and aggregators in India. Brands can now launch <b>verified RCS agents</b> with rich cards, carousels and suggested replies.</p><p>"Business messaging should be as simple as sending an SMS," said the product team.</p><ul><li>Self-service launch with carrier review</li><li>Pay-as-you-go wallet</li></ul>',
    publishDate: '2026-09-15',
    status: 'published',
  },
  {
    title: 'WhatsApp Business templates now managed in the portal',
    summary: 'Create, submit and track WhatsApp message templates next to your RCS agents.',
    body: '<p>Partners can now manage <b>WhatsApp message templates</b> from the same portal they use for RCS, with review status updates in real time.</p>',
    publishDate: '2026-10-20',
    status: 'published',
  },
  {
    title: 'New developer assets: SDKs, guides and videos',
    summary: 'A refreshed developer assets section with downloadable SDKs, searchable FAQs and video guides.',
    body: '<p>The new <i>Developer Assets</i> section brings SDKs, onboarding guides, brand assets and short videos together, with a searchable FAQ.</p>',
    publishDate: '2026-11-10',
    status: 'published',
  },
  {
    title: 'Partner summit 2027 (draft)',
    summary: 'Save the date for our first partner summit.',
    body: '<p>Details to follow.</p>',
    publishDate: '2027-01-15',
    status: 'draft',
  },
] as const;

/** Committed seed assets (found through the package, so the production bundle finds them too). */
const asset = (name: string) =>
  readFile(path.join(packageDir('@portico/api'), 'src/modules/content/seed-assets', name));

/** Demo content for every developer-assets tab and the press pages (once: skipped when FAQs exist). */
export async function seedDemoContent({ config, database }: SeedContext<unknown>) {
  const { db } = database;
  const [existing] = await db.select({ n: count() }).from(contentFaqs);
  if ((existing?.n ?? 0) > 0) return 0;
  const storage = createStorage(config.storage);

  const { default: sharp } = await import('sharp');
  const logo = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" rx="96" fill="#0b3d91"/><text x="256" y="330" font-size="260" font-family="sans-serif" font-weight="bold" fill="#fff" text-anchor="middle">P</text></svg>',
    ),
  )
    .png()
    .toBuffer();
  const poster = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#0b3d91"/><text x="160" y="100" font-size="18" font-family="sans-serif" font-weight="bold" fill="#fff" text-anchor="middle">Getting started</text></svg>',
    ),
  )
    .png()
    .toBuffer();

  const files: {
    category: DownloadCategory;
    name: string;
    description: string;
    fileName: string;
    type: string;
    label: string;
    bytes: Buffer;
  }[] = [
    {
      category: 'sdk',
      name: 'RCS Business Messaging Node.js SDK',
      description: 'Client library and examples for sending rich cards and handling webhooks.',
      fileName: 'rbm-node-sdk-2.4.0.zip',
      type: 'application/zip',
      label: 'ZIP',
      bytes: zipOf([
        {
          name: 'rbm-node-sdk/README.md',
          text: '# RBM Node.js SDK\n\nnpm install, then see examples/send-card.js.\n',
        },
        {
          name: 'rbm-node-sdk/examples/send-card.js',
          text: "const { client } = require('../index');\nclient.sendRichCard('+919876543210', { title: 'Hello' });\n",
        },
        {
          name: 'rbm-node-sdk/index.js',
          text: "exports.client = { sendRichCard: async () => ({ status: 'queued' }) };\n",
        },
      ]),
    },
    {
      category: 'guide',
      name: 'RCS agent launch guide',
      description: 'Step by step: agent details, brand verification, carrier selection and launch review.',
      fileName: 'rcs-agent-launch-guide.pdf',
      type: 'application/pdf',
      label: 'PDF',
      bytes: await pdfOf('RCS agent launch guide', [
        '1. Create the agent with its display name, description, logo (224 x 224 px) and banner (1440 x 448 px).',
        '2. Verify the brand: upload the letter of authorisation and the business registration documents.',
        '3. Choose the carriers to launch on. Each carrier reviews the agent; track each status on the launch page.',
        '4. Once launched, send campaigns to your audience from My Campaigns.',
      ]),
    },
    {
      category: 'guide',
      name: 'WhatsApp Business onboarding checklist',
      description: 'What to prepare before onboarding a WhatsApp Business number.',
      fileName: 'whatsapp-onboarding-checklist.pdf',
      type: 'application/pdf',
      label: 'PDF',
      bytes: await pdfOf('WhatsApp Business onboarding checklist', [
        'A phone number not registered on the WhatsApp consumer app, able to receive an SMS or a call.',
        'The business display name, matching your brand and your website.',
        'Message templates with sample values for each variable.',
      ]),
    },
    {
      category: 'sample',
      name: 'Personalised audience sample (CSV)',
      description: 'An audience file with personalisation columns, ready to edit.',
      fileName: 'personalised-sample.csv',
      type: 'text/csv',
      label: 'CSV',
      bytes: Buffer.from(toDelimitedText(audienceSampleRows('personalised'), 'csv'), 'utf8'),
    },
    {
      category: 'brand',
      name: 'Portico logo (PNG)',
      description: 'The logo for "Available on" badges, 512 x 512 px.',
      fileName: 'portico-logo.png',
      type: 'image/png',
      label: 'PNG',
      bytes: logo,
    },
  ];

  for (const [index, file] of files.entries()) {
    const key = `private/content/downloads/${randomUUID()}.${file.fileName.split('.').pop()}`;
    await storage.put(key, file.bytes, file.type);
    await db.insert(contentDownloads).values({
      category: file.category,
      name: file.name,
      description: file.description,
      storageKey: key,
      fileName: file.fileName,
      contentType: file.type,
      typeLabel: file.label,
      size: file.bytes.length,
      published: true,
      position: index + 1,
    });
  }

  await db.insert(contentFaqs).values(
    await Promise.all(
      FAQS.map(async (faq, index) => ({
        category: faq.category,
        question: faq.question,
        answerHtml: await sanitizeStoredHtml(faq.answer),
        published: true,
        position: index + 1,
      })),
    ),
  );

  const base = `private/content/videos/${randomUUID()}`;
  const video = await asset('getting-started.webm');
  await storage.put(`${base}/video.webm`, video, 'video/webm');
  await storage.put(`${base}/poster.png`, poster, 'image/png');
  await storage.put(`${base}/captions.vtt`, await asset('getting-started.vtt'), 'text/vtt');
  await db.insert(contentVideos).values({
    title: 'Getting started with the partner portal',
    description: 'Six seconds from sign-up to your first campaign: create an agent, launch it, send.',
    durationSeconds: 6,
    storageKey: `${base}/video.webm`,
    contentType: 'video/webm',
    size: video.length,
    posterKey: `${base}/poster.png`,
    captionsKey: `${base}/captions.vtt`,
    published: true,
    position: 1,
  });

  await db.insert(pressReleases).values(
    await Promise.all(
      PRESS_RELEASES.map(async (release) => ({
        title: release.title,
        summary: release.summary,
        bodyHtml: await sanitizeStoredHtml(release.body),
        publishDate: release.publishDate,
        status: release.status,
      })),
    ),
  );
  return { downloads: files.length, faqs: FAQS.length, videos: 1, pressReleases: PRESS_RELEASES.length };
}

import { BOT_MESSAGE_CATEGORIES, type LookupKind } from '@portico/domain';

export interface LookupSeed {
  code: string;
  name: string;
}

const toCode = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase();
const named = (names: readonly string[]): LookupSeed[] => names.map((name) => ({ code: toCode(name), name }));

/** The small reference lists, in display order. */
export const LOOKUP_SEEDS: Record<LookupKind, readonly LookupSeed[]> = {
  categories: named([
    'Banking & Financial Services',
    'Insurance',
    'Retail & E-commerce',
    'Travel & Hospitality',
    'Food & Dining',
    'Healthcare',
    'Education',
    'Telecommunications',
    'Utilities',
    'Government & Public Services',
    'Media & Entertainment',
    'Gaming',
    'Automotive',
    'Real Estate',
    'Logistics & Delivery',
    'Customer Support',
    'Other',
  ]),
  'industry-types': named([
    'Advertising & Marketing',
    'Aerospace & Defence',
    'Agriculture',
    'Airlines & Aviation',
    'Automotive',
    'Banking',
    'Beauty & Personal Care',
    'Chemicals',
    'Construction',
    'Consumer Electronics',
    'Consumer Goods (FMCG)',
    'Education & E-learning',
    'Energy & Utilities',
    'Fashion & Apparel',
    'Financial Services',
    'Fitness & Wellness',
    'Food & Beverage',
    'Gaming',
    'Government & Public Sector',
    'Healthcare',
    'Hospitality',
    'Human Resources & Staffing',
    'Information Technology & Software',
    'Insurance',
    'Legal Services',
    'Logistics & Transportation',
    'Manufacturing',
    'Media & Entertainment',
    'Mining & Metals',
    'Non-profit',
    'Oil & Gas',
    'Pharmaceuticals',
    'Professional Services',
    'Real Estate',
    'Restaurants',
    'Retail & E-commerce',
    'Security',
    'Sports',
    'Telecommunications',
    'Travel & Tourism',
  ]),
  // Google RBM agent hosting regions.
  'hosting-regions': [
    { code: 'NORTH_AMERICA', name: 'North America' },
    { code: 'EUROPE', name: 'Europe' },
    { code: 'ASIA_PACIFIC', name: 'Asia Pacific' },
  ],
  // Business verification documents.
  'document-types': named([
    'Certificate of Incorporation',
    'Business Registration Certificate',
    'GST Registration Certificate',
    'PAN Card',
    'VAT Registration Certificate',
    'EIN Confirmation Letter',
    'Trade Licence',
    'Articles of Association',
    'Letter of Authorisation (LOA)',
    'Utility Bill (Address Proof)',
    'Bank Statement',
  ]),
  'agent-message-types': named(BOT_MESSAGE_CATEGORIES),
  // Google RBM billing categories.
  'billing-categories': [
    { code: 'CONVERSATIONAL', name: 'Conversational' },
    { code: 'SINGLE_MESSAGE', name: 'Single Message' },
    { code: 'BASIC_MESSAGE', name: 'Basic Message' },
    { code: 'CONVERSATIONAL_LEGACY', name: 'Conversational (Legacy)' },
  ],
  'supported-platforms': [
    { code: 'GOOGLE_RBM', name: 'Google RBM' },
    { code: 'GSMA_MAAP', name: 'GSMA MaaP' },
    { code: 'WHATSAPP_CLOUD', name: 'WhatsApp Business Platform (Cloud API)' },
  ],
  // The conversation platforms a bot's webhook may be served by (bots: "associate with a chatbot platform").
  'chatbot-platforms': [
    { code: 'DIALOGFLOW_CX', name: 'Google Dialogflow CX' },
    { code: 'DIALOGFLOW_ES', name: 'Google Dialogflow ES' },
    { code: 'AMAZON_LEX', name: 'Amazon Lex' },
    { code: 'AZURE_BOT', name: 'Microsoft Azure AI Bot Service' },
    { code: 'RASA', name: 'Rasa' },
    { code: 'CUSTOM_WEBHOOK', name: 'Own webhook' },
  ],
};

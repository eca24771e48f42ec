import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExportTable, neutraliseFormula, tablePdf, tableXlsx } from './tables.ts';

const table: ExportTable = {
  title: 'Portico test: list [1/2]',
  subtitle: '2 rows',
  columns: [
    { header: 'Name', width: 200 },
    { header: 'Amount (USD)', width: 80, number: { format: '#,##0.00' } },
  ],
  rows: [
    ['=HYPERLINK("http://evil.example","click")', { value: 12.5, text: '$12.50' }],
    ['Acme', { value: -3, text: '-$3.00' }],
  ],
  emptyText: 'Nothing here.',
};

describe('table exports', () => {
  it('when a list is written as a spreadsheet then text that looks like a formula stays text and amounts are numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    // exceljs types its input as the older Buffer; the bytes are the same.
    await workbook.xlsx.load((await tableXlsx(table)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Portico test  list  1 2 ');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Name', 'Amount (USD)']);
    expect(sheet?.getCell('A2').value).toBe(`'${'=HYPERLINK("http://evil.example","click")'}`);
    expect(sheet?.getCell('A2').formula).toBeUndefined();
    expect(sheet?.getCell('B2').value).toBe(12.5);
    expect(sheet?.getCell('B3').value).toBe(-3);
  });

  it('when a list is written as a PDF then it is a PDF, also when empty', async () => {
    expect((await tablePdf(table)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await tablePdf({ ...table, rows: [] })).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('when a value starts like a formula then it is neutralised', () => {
    expect(neutraliseFormula('=1+1')).toBe("'=1+1");
    expect(neutraliseFormula('-2')).toBe("'-2");
    expect(neutraliseFormula('\tx')).toBe("'\tx");
    expect(neutraliseFormula('plain')).toBe('plain');
  });
});

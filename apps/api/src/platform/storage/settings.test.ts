import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { storageSettingsFrom } from './settings.ts';

const keys = { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret' };

describe('STORAGE_URL', () => {
  it('unset: files under DATA_DIR/files; file:// names a directory, absolute or relative', () => {
    expect(loadConfig({ SANDBOX: '1' }).storage).toEqual({
      kind: 'file',
      dir: path.join('.data', 'files'),
    });
    expect(loadConfig({ SANDBOX: '1', DATA_DIR: '/srv/portico' }).storage).toEqual({
      kind: 'file',
      dir: '/srv/portico/files',
    });
    expect(loadConfig({ SANDBOX: '1', STORAGE_URL: 'file:///var/lib/portico%20files' }).storage).toEqual({
      kind: 'file',
      dir: '/var/lib/portico files',
    });
    expect(storageSettingsFrom({ STORAGE_URL: 'file://uploads', DATA_DIR: '.data' })).toEqual({
      kind: 'file',
      dir: 'uploads',
    });
  });

  it('s3://bucket/prefix?endpoint=&region= with the AWS_* credentials', () => {
    expect(
      loadConfig({
        SANDBOX: '1',
        STORAGE_URL: 's3://portico-files/prod/uploads/?endpoint=http://127.0.0.1:9000/&region=eu-west-3',
        ...keys,
        AWS_SESSION_TOKEN: 'session',
      }).storage,
    ).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'portico-files',
      prefix: 'prod/uploads/',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session' },
    });
    // AWS itself by default, in us-east-1.
    expect(loadConfig({ SANDBOX: '1', STORAGE_URL: 's3://portico-files', ...keys }).storage).toMatchObject({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      prefix: '',
      region: 'us-east-1',
    });
  });

  it('refuses at start what would fail later, naming the variable', () => {
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig({ SANDBOX: '1', ...env });
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    };
    expect(problem({ STORAGE_URL: 's3://portico-files' })).toMatch(
      /AWS_ACCESS_KEY_ID: AWS_ACCESS_KEY_ID is required when STORAGE_URL is s3:\/\//,
    );
    expect(problem({ STORAGE_URL: 'https://bucket.example/' })).toMatch(
      /STORAGE_URL: STORAGE_URL must be file:\/\//,
    );
    expect(problem({ STORAGE_URL: 's3://Bad_Bucket', ...keys })).toMatch(/not a valid bucket name/);
    expect(problem({ STORAGE_URL: 's3://bucket/my%20files', ...keys })).toMatch(/prefix 'my files'/);
    expect(problem({ STORAGE_URL: 's3://bucket?endpont=http://x', ...keys })).toMatch(
      /unknown parameter 'endpont'/,
    );
    expect(problem({ STORAGE_URL: 's3://bucket?endpoint=ftp://x', ...keys })).toMatch(
      /http:\/\/ or https:\/\//,
    );
    expect(problem({ STORAGE_URL: 's3://key:secret@bucket', ...keys })).toMatch(/must not carry credentials/);
    expect(problem({ STORAGE_URL: 'file://' })).toMatch(/needs a directory/);
  });
});

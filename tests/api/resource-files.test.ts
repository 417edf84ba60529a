import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, fileTooLarge, OFFICE_MESSAGES, Resource, SERVER_MESSAGES } from '../../contract/index.ts';
import { sniffFileKind } from '../../server/platform/lib/file-types.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/** Resource files: upload (type read from the bytes), download by anyone, replace and delete without orphans. */

const DEMO = path.resolve(import.meta.dirname, '../../server/domains/catalogue/demo-files/resources');
const demo = (name: string) => fs.readFileSync(path.join(DEMO, name));
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  ),
]);

let ctx: TestContext;
let admin: TestUser;
let student: TestUser;

function multipart(filename: string, content: Buffer, type = 'application/octet-stream', field = 'file') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(id: number, filename: string, content: Buffer, token = admin.access, app = ctx) {
  const { payload, headers } = multipart(filename, content);
  const res = await app.app.inject({
    method: 'POST',
    url: API.resources.file(id),
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() as unknown };
}
const download = (link: string) => ctx.app.inject({ method: 'GET', url: link });
const newResource = async (title = 'Credit Appraisal Note Template') =>
  Resource.parse(
    (
      await ctx.request({
        method: 'POST',
        url: API.resources.create,
        token: admin.access,
        body: { title, resource_type: 'template' },
      })
    ).body,
  ).id;
const uploads = () =>
  fs.existsSync(path.join(ctx.config.uploadDir, 'resources'))
    ? fs.readdirSync(path.join(ctx.config.uploadDir, 'resources'))
    : [];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
  student = await ctx.user('student');
});
afterAll(async () => ctx?.close());

describe('uploading a resource file', () => {
  it('stores a PDF, links it, and serves it to a visitor with its type and a download name from the title', async () => {
    const id = await newResource('Early-Warning Signals: a Whitepaper');
    const pdf = demo('early-warning-signals.pdf');
    const res = await upload(id, 'anything.bin', pdf);
    expect(res.status).toBe(200);
    const resource = Resource.parse(res.body);
    expect(resource.file).toMatch(/^\/media\/resources\/[0-9a-f-]{36}\.pdf$/);
    const got = await download(resource.file!);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="early-warning-signals-a-whitepaper.pdf"; filename*=UTF-8''early-warning-signals-a-whitepaper.pdf`,
    );
    expect(got.rawPayload.equals(pdf)).toBe(true);
    // The public list shows the link.
    const list = (await ctx.request({ url: API.resources.list })).body as { id: number; file: string }[];
    expect(list.find((r) => r.id === id)!.file).toBe(resource.file);
  });

  it('recognises Word, Excel and images by their bytes, whatever the name says', async () => {
    const cases: [string, Buffer, string, string][] = [
      [
        'x.pdf',
        demo('credit-appraisal-note.docx'),
        'docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [
        'x.doc',
        demo('cma-data-template.xlsx'),
        'xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      ['photo', PNG, 'png', 'image/png'],
    ];
    for (const [name, bytes, ext, mime] of cases) {
      const id = await newResource();
      const resource = Resource.parse((await upload(id, name, bytes)).body);
      expect(resource.file!.endsWith(`.${ext}`)).toBe(true);
      expect((await download(resource.file!)).headers['content-type']).toBe(mime);
    }
  });

  it('refuses other content, an empty or missing file, and a request that is not multipart', async () => {
    const id = await newResource();
    const before = uploads();
    const script = await upload(id, 'report.pdf', Buffer.from('#!/bin/sh\necho pwned\n'));
    expect(script).toEqual({ status: 400, body: { file: [OFFICE_MESSAGES.fileType] } });
    const zip = await upload(id, 'archive.docx', Buffer.from('504b0304140000000000', 'hex'));
    expect(zip.status).toBe(400);
    expect(await upload(id, 'empty.pdf', Buffer.alloc(0))).toEqual({
      status: 400,
      body: { file: [OFFICE_MESSAGES.fileMissing] },
    });
    const json = await ctx.request({
      method: 'POST',
      url: API.resources.file(id),
      token: admin.access,
      body: { file: 'x' },
    });
    expect(json).toMatchObject({ status: 415, body: { detail: OFFICE_MESSAGES.notMultipart } });
    expect(uploads()).toEqual(before);
    const resource = (await ctx.request({ url: API.resources.list })).body as { id: number; file: string | null }[];
    expect(resource.find((r) => r.id === id)!.file).toBeNull();
  });

  it('refuses a file over the size limit with a message saying the limit', async () => {
    const small = await createTestApp({ config: { uploadMaxBytes: 1024 * 1024 } });
    try {
      const boss = await small.user('boss', 'admin');
      const created = await small.request({
        method: 'POST',
        url: API.resources.create,
        token: boss.access,
        body: { title: 'Big' },
      });
      const big = Buffer.concat([demo('early-warning-signals.pdf'), Buffer.alloc(1024 * 1024 + 10)]);
      const res = await upload((created.body as { id: number }).id, 'big.pdf', big, boss.access, small);
      expect(res).toEqual({ status: 413, body: { detail: fileTooLarge(1024 * 1024) } });
      expect(fileTooLarge(1024 * 1024)).toBe('The file is larger than 1 MB; upload a smaller one.');
      expect(
        fs.existsSync(path.join(small.config.uploadDir, 'resources'))
          ? fs.readdirSync(path.join(small.config.uploadDir, 'resources'))
          : [],
      ).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('is for administrators only; an unknown resource is a 404 that leaves no file behind', async () => {
    const id = await newResource();
    expect((await upload(id, 'a.pdf', demo('early-warning-signals.pdf'), '')).status).toBe(401);
    expect(await upload(id, 'a.pdf', demo('early-warning-signals.pdf'), student.access)).toEqual({
      status: 403,
      body: { detail: SERVER_MESSAGES.forbidden },
    });
    const before = uploads();
    expect((await upload(999_999, 'a.pdf', demo('early-warning-signals.pdf'))).status).toBe(404);
    expect(uploads()).toEqual(before);
  });
});

describe('no orphans', () => {
  it('replacing a file removes the old one; its link stops answering', async () => {
    const id = await newResource();
    const first = Resource.parse((await upload(id, 'a.pdf', demo('early-warning-signals.pdf'))).body).file!;
    const second = Resource.parse((await upload(id, 'b.png', PNG)).body).file!;
    expect(uploads()).toContain(path.basename(second));
    expect(uploads()).not.toContain(path.basename(first));
    expect((await download(first)).statusCode).toBe(404);
    expect((await download(second)).statusCode).toBe(200);
  });

  it('removing the file, clearing it in the form, or deleting the resource deletes the file', async () => {
    const a = await newResource();
    const fileA = Resource.parse((await upload(a, 'a.pdf', demo('early-warning-signals.pdf'))).body).file!;
    expect((await ctx.request({ method: 'DELETE', url: API.resources.file(a), token: admin.access })).status).toBe(204);
    expect(uploads()).not.toContain(path.basename(fileA));
    expect((await download(fileA)).statusCode).toBe(404);

    const b = await newResource();
    const fileB = Resource.parse((await upload(b, 'b.pdf', demo('early-warning-signals.pdf'))).body).file!;
    const kept = await ctx.request({
      method: 'PUT',
      url: API.resources.update(b),
      token: admin.access,
      body: { title: 'Renamed', file: fileB },
    });
    expect(kept.status).toBe(200);
    expect(uploads()).toContain(path.basename(fileB));
    await ctx.request({
      method: 'PUT',
      url: API.resources.update(b),
      token: admin.access,
      body: { title: 'Renamed', file: '' },
    });
    expect(uploads()).not.toContain(path.basename(fileB));

    const c = await newResource();
    const fileC = Resource.parse((await upload(c, 'c.pdf', demo('early-warning-signals.pdf'))).body).file!;
    expect((await ctx.request({ method: 'DELETE', url: API.resources.remove(c), token: admin.access })).status).toBe(
      204,
    );
    expect(uploads()).not.toContain(path.basename(fileC));
  });

  it("refuses a typed link to another resource's file, so deleting one never takes another's file", async () => {
    const a = await newResource();
    const fileA = Resource.parse((await upload(a, 'a.pdf', demo('early-warning-signals.pdf'))).body).file!;
    const b = await newResource();
    const res = await ctx.request({
      method: 'PUT',
      url: API.resources.update(b),
      token: admin.access,
      body: { title: 'B', file: fileA },
    });
    expect(res).toEqual(expect.objectContaining({ status: 400, body: { file: [OFFICE_MESSAGES.fileLinkTyped] } }));
    const created = await ctx.request({
      method: 'POST',
      url: API.resources.create,
      token: admin.access,
      body: { title: 'C', file: fileA },
    });
    expect(created.status).toBe(400);
  });

  it('answers 404 for names that are not ours', async () => {
    for (const name of ['..%2F..%2Fpackage.json', 'nothing.pdf', 'x.exe']) {
      const res = await ctx.request({ url: `/media/resources/${name}` });
      expect(res).toMatchObject({ status: 404, body: { detail: SERVER_MESSAGES.notFound } });
    }
  });
});

describe('demo content', () => {
  it('every seeded resource file answers with the type its bytes have', async () => {
    const seeded = await createTestApp({ seed: true });
    try {
      const list = (await seeded.request({ url: API.resources.list })).body as { file: string | null; title: string }[];
      const withFiles = list.filter((r) => r.file);
      expect(withFiles.length).toBeGreaterThanOrEqual(5);
      for (const r of withFiles) {
        const res = await seeded.app.inject({ method: 'GET', url: r.file! });
        expect(res.statusCode, r.file!).toBe(200);
        const kind = sniffFileKind(res.rawPayload);
        expect(kind?.mime, r.file!).toBe(res.headers['content-type']);
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.(pdf|docx|xlsx)"/);
      }
    } finally {
      await seeded.close();
    }
  });
});

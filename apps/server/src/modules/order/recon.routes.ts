/**
 * order/reconciliationPage: the statements and their lines (lists and transitions), the upload of a
 * statement file (multipart, at most UPLOAD_LIMIT bytes) and its fetch from the third party's upstream
 * (the adapter's `statement`). Both answer once the file is checked and the statement recorded; its
 * lines are written and classified right after (recon-import.ts), the statement's processed/total
 * being the progress the page polls.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { reconciliationLines, reconciliationPage } from '@payops/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrud } from '../../platform/crud/index.ts';
import { fieldError, localeOf, ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { actorOf, registerTransitions } from '../../platform/transitions/index.ts';
import { fetchStatement, tempPath } from './recon-fetch.ts';
import { lineHooks, statementHooks } from './recon-hooks.ts';
import { importStatement, type StageInput, stageStatement } from './recon-import.ts';
import type { StatementFormat } from './recon-parse.ts';
import { reconLines, reconStatements } from './reconciliation.schema.ts';

/** A 100k-line statement is about 8 MB of CSV; room for wider ones. */
export const UPLOAD_LIMIT = 50 * 1024 * 1024;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const say = {
  'zh-CN': {
    day: '请填写业务日（YYYY-MM-DD）',
    party: '请选择三方',
    file: '请选择对账单文件（.csv 或 .xlsx）',
    format: '只支持 .csv 或 .xlsx 文件',
    tooLarge: `文件超过 ${UPLOAD_LIMIT / 1024 / 1024} MB`,
  },
  'en-US': {
    day: 'enter the business day (YYYY-MM-DD)',
    party: 'choose a third party',
    file: 'choose a statement file (.csv or .xlsx)',
    format: 'only .csv or .xlsx files',
    tooLarge: `the file exceeds ${UPLOAD_LIMIT / 1024 / 1024} MB`,
  },
} as const;

const answer = envelope(z.object({ id: z.number(), linesTotal: z.number(), status: z.string() }));

function formatOf(fileName: string): StatementFormat | null {
  const ext = fileName.toLowerCase().split('.').pop();
  return ext === 'csv' ? 'csv' : ext === 'xlsx' ? 'xlsx' : null;
}

/** The upload's fields and its file (saved to a temp path as it arrives); 400s name what is wrong. */
async function receiveUpload(request: FastifyRequest) {
  const t = say[localeOf(request)];
  const fields: Record<string, string> = {};
  let file: { path: string; name: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 10 } })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (part.fieldname === 'file' && !file) {
        const path = tempPath();
        file = { path, name: part.filename };
        await pipeline(part.file, createWriteStream(path));
        if (part.file.truncated) throw fieldError('file', t.tooLarge);
      } else part.file.resume();
    }
  } catch (e) {
    if (file) await rm(file.path, { force: true });
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', t.tooLarge);
    throw e;
  }
  return { fields, file };
}

export async function reconciliationRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  registerCrud(fastify, reconciliationPage, { table: reconStatements });
  registerTransitions(fastify, reconciliationPage, { table: reconStatements, hooks: statementHooks() });
  registerCrud(fastify, reconciliationLines, { table: reconLines });
  registerTransitions(fastify, reconciliationLines, { table: reconLines, hooks: lineHooks(ctx) });

  /** Records the statement and starts its import; answers the staged statement. */
  const start = async (request: FastifyRequest, input: Omit<StageInput, 'actor'>) => {
    const actor = actorOf(request);
    let staged: Awaited<ReturnType<typeof stageStatement>>;
    try {
      staged = await stageStatement(ctx, { ...input, actor });
    } catch (e) {
      await rm(input.path, { force: true });
      throw e;
    }
    const { statement, mapping } = staged;
    request.auditNote = {
      objectType: reconciliationPage.name,
      objectId: statement.id,
      extra: { source: input.source, day: input.day, fileName: input.fileName, lines: statement.linesTotal },
    };
    // Written after the answer: the page follows its progress (processed / linesTotal).
    void importStatement(ctx, statement, mapping, input, actor).catch((e) =>
      request.log.error({ err: e, statement: statement.id }, 'statement import failed'),
    );
    return ok({ id: statement.id, linesTotal: statement.linesTotal, status: statement.status });
  };

  // Multipart only in this plugin, with the upload's own limit.
  await fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1 } });
    const upload = reconciliationPage.actions.upload!;
    scope.withTypeProvider<ZodTypeProvider>().post(
      upload.path,
      {
        config: { access: { permission: upload.permission } },
        schema: {
          tags: ['order'],
          summary: 'Upload an upstream statement (multipart: thirdPartyId, day, file .csv|.xlsx)',
          consumes: ['multipart/form-data'],
          response: { 200: answer },
        },
      },
      async (request) => {
        const t = say[localeOf(request)];
        if (!request.isMultipart()) throw fieldError('file', t.file);
        const { fields, file } = await receiveUpload(request);
        const remove = () => (file ? rm(file.path, { force: true }) : undefined);
        const thirdPartyId = Number(fields.thirdPartyId);
        if (!Number.isInteger(thirdPartyId) || thirdPartyId <= 0) {
          await remove();
          throw fieldError('thirdPartyId', t.party);
        }
        if (!DAY.test(fields.day ?? '')) {
          await remove();
          throw fieldError('day', t.day);
        }
        if (!file) throw fieldError('file', t.file);
        const format = formatOf(file.name);
        if (!format) {
          await remove();
          throw fieldError('file', t.format);
        }
        return start(request, {
          thirdPartyId,
          day: fields.day!,
          source: 'upload',
          fileName: file.name,
          path: file.path,
          format,
        });
      },
    );
  });

  const fetchAction = reconciliationPage.actions.fetch!;
  fastify.withTypeProvider<ZodTypeProvider>().post(
    fetchAction.path,
    {
      config: { access: { permission: fetchAction.permission } },
      schema: {
        tags: ['order'],
        summary: "Fetch a third party's statement of a day from its upstream and import it",
        body: z.strictObject({ thirdPartyId: z.number().int().positive(), day: z.string().regex(DAY) }),
        response: { 200: answer },
      },
    },
    async (request) => {
      const { thirdPartyId, day } = request.body;
      return start(request, await fetchStatement(ctx, thirdPartyId, day, localeOf(request)));
    },
  );
}

import express, { Router } from 'express';
import { ApiError, errors } from '../../core/errors.js';
import { handle } from '../respond.js';
import { parseInput } from '../../core/validate.js';
import { peerSignatureHeader, peerTimeHeader, verifyPeerRequest } from '../../audit/peer-auth.js';
import { peerQuerySchema, peerRecordsPath } from '../../audit/peer-protocol.js';
import type { RecordSlice } from '../../audit/record.js';
import type { AuditStore } from '../../audit/store.js';

/** Answers other replicas with this replica's newest matching records (signed calls only). */
export function peerAuditRouter(store: AuditStore, peerKey: Buffer): Router {
  const router = Router();
  router.post(
    peerRecordsPath,
    // The signature covers the exact bytes, so the body is parsed only after it is checked.
    express.raw({ type: 'application/json', limit: '2mb' }),
    handle(async (req): Promise<RecordSlice> => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signed = verifyPeerRequest(peerKey, {
        method: req.method,
        path: req.originalUrl,
        body,
        time: req.get(peerTimeHeader),
        signature: req.get(peerSignatureHeader),
      });
      if (!signed) throw new ApiError(errors.tokenInvalid, { message: 'invalid peer signature' });
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch (error) {
        throw new ApiError(errors.badJson, { cause: error });
      }
      const query = parseInput(peerQuerySchema, parsed);
      return await store.query(query.filter, { offset: 0, limit: query.limit });
    }),
  );
  return router;
}

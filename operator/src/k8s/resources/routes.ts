import type { Router } from 'express';
import type { MemberRouteDeps } from '../deps.js';

/** GET /crd.{host}/labels; resource detail; PUT …/resources/annotations and …/resources/labels. */
export function addResourceCrdRoutes(_router: Router, _deps: MemberRouteDeps): void {}

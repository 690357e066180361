import type { Service, ServiceRequest } from '../http/router.ts';
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from './buckets.ts';
import { errors, sendStorageError, toStorageError } from './errors.ts';
import { listObjects } from './list.ts';
import {
  downloadObject,
  downloadSigned,
  objectInfo,
  removeObjects,
  signObject,
  signObjects,
} from './objects.ts';
import { decodeSegments } from './paths.ts';
import type { StorageOptions } from './rows.ts';
import { copyObject, moveObject } from './transfers.ts';
import { signUpload, uploadObject, uploadSigned } from './upload.ts';

// The storage-compatible service under /storage/v1: routes storage-js's calls to their
// handlers and answers every error in storage's own shape (never the REST one).

export type { StorageOptions } from './rows.ts';

type Handler = () => Promise<void>;

function objectRoute(
  options: StorageOptions,
  request: ServiceRequest,
  method: string,
  segments: string[],
): Handler | undefined {
  const [first, second, ...rest] = segments;
  if (first === undefined) return undefined;
  const tail = (from: string[]): string => from.join('/');
  const get = method === 'GET' || method === 'HEAD';
  if (first === 'public' && second !== undefined && get) {
    return () => downloadObject(options, request, second, tail(rest), 'public');
  }
  if (first === 'authenticated' && second !== undefined && get) {
    return () => downloadObject(options, request, second, tail(rest), 'authenticated');
  }
  if (first === 'info' && second !== undefined && get) {
    return () => objectInfo(options, request, second, tail(rest));
  }
  if (first === 'list' && second !== undefined && rest.length === 0 && method === 'POST') {
    return () => listObjects(options, request, second);
  }
  if (first === 'sign' && second !== undefined) {
    if (method === 'POST') {
      return rest.length === 0
        ? () => signObjects(options, request, second)
        : () => signObject(options, request, second, tail(rest));
    }
    if (get && rest.length > 0) return () => downloadSigned(options, request, second, tail(rest));
    return undefined;
  }
  if (first === 'upload' && second === 'sign' && rest.length >= 2) {
    const [bucket = '', ...path] = rest;
    if (method === 'POST') return () => signUpload(options, request, bucket, tail(path));
    if (method === 'PUT') return () => uploadSigned(options, request, bucket, tail(path));
    return undefined;
  }
  if ((first === 'move' || first === 'copy') && second === undefined && method === 'POST') {
    return first === 'move'
      ? () => moveObject(options, request)
      : () => copyObject(options, request);
  }
  if (second === undefined) {
    return method === 'DELETE' ? () => removeObjects(options, request, first) : undefined;
  }
  const name = tail([second, ...rest]);
  switch (method) {
    case 'POST': {
      const upsert = String(request.req.headers['x-upsert']).toLowerCase() === 'true';
      return () => uploadObject(options, request, first, name, upsert);
    }
    case 'PUT':
      return () => uploadObject(options, request, first, name, true);
    case 'GET':
    case 'HEAD':
      return () => downloadObject(options, request, first, name, 'auto');
    default:
      return undefined;
  }
}

function bucketRoute(
  options: StorageOptions,
  request: ServiceRequest,
  method: string,
  segments: string[],
): Handler | undefined {
  const [id, action, extra] = segments;
  if (extra !== undefined) return undefined;
  if (id === undefined) {
    if (method === 'GET') return () => listBuckets(options, request);
    if (method === 'POST') return () => createBucket(options, request);
    return undefined;
  }
  if (action === 'empty') {
    return method === 'POST' ? () => emptyBucket(options, request, id) : undefined;
  }
  if (action !== undefined) return undefined;
  if (method === 'GET') return () => getBucket(options, request, id);
  if (method === 'PUT') return () => updateBucket(options, request, id);
  if (method === 'DELETE') return () => deleteBucket(options, request, id);
  return undefined;
}

export function storageService(options: StorageOptions): Service {
  return async (request) => {
    const method = request.req.method ?? 'GET';
    try {
      const [area, ...segments] = decodeSegments(request.path);
      const route =
        area === 'object'
          ? objectRoute(options, request, method, segments)
          : area === 'bucket'
            ? bucketRoute(options, request, method, segments)
            : undefined;
      if (route === undefined) throw errors.notFound(`${method}:${request.path}`);
      await route();
    } catch (error) {
      if (request.res.headersSent) {
        request.res.destroy();
        return;
      }
      // Unread upload bytes are drained by the handlers; an early error leaves the rest to Node.
      sendStorageError(request.res, toStorageError(error));
    }
  };
}

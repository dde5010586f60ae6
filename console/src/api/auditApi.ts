import type { AuditQuery, ResponseFor } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

export const auditApi = baseApi.enhanceEndpoints({ addTagTypes: ['Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    listAuditRecords: build.query<ResponseFor<'listAuditRecords'>, AuditQuery>({
      query: (params) => ({ url: `${servicePath('audit')}/records`, params }),
      providesTags: ['Audit'],
    }),
  }),
});

export const { useListAuditRecordsQuery } = auditApi;

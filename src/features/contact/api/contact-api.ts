import { API, CounselingRequest, type CounselingInput } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

export const bookCounseling = (input: CounselingInput) => api.post(API.counseling.create, input, CounselingRequest);

import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { QuestionBankPage } from '../../features/teach/components/question-bank-page.tsx';
import { questionBankMachines } from '../composition/teach-questions.ts';

/** /teach/questions: login here; whose bank it is (the programs taught, or all for an administrator) is the server's decision. */
export const TeachQuestionsRoute = () => (
  <RequireAuth>
    <QuestionBankPage machines={questionBankMachines} />
  </RequireAuth>
);

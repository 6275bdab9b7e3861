import type { Application, ApplicationStage, Candidate, CandidateGender, JobPost, JobPostStatus } from '../domain/schema/jobs';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../domain/units';

/*
 * The sample hiring records of a new account: job posts over the past year, candidates and
 * their applications (about 60). Every date is relative to the moment the account's database
 * is seeded (`now`): the newest post is a few days old, so a fresh demo always has
 * applications in the last week. The same `now` always gives the same records.
 */


export interface JobsSeed {
  jobPosts: JobPost[];
  candidates: Candidate[];
  applications: Application[];
}

interface PostDraft {
  title: string;
  department: string;
  location: string;
  status: JobPostStatus;
  postedDaysAgo: number;
  applications: number;
}

const postDrafts: PostDraft[] = [
  { title: 'Store Manager', department: 'Retail', location: 'Lisbon, Portugal', status: 'closed', postedDaysAgo: 330, applications: 8 },
  { title: 'Warehouse Associate', department: 'Operations', location: 'Rotterdam, Netherlands', status: 'closed', postedDaysAgo: 270, applications: 9 },
  { title: 'Customer Support Specialist', department: 'Customer service', location: 'Remote', status: 'closed', postedDaysAgo: 200, applications: 10 },
  { title: 'Product Photographer', department: 'Marketing', location: 'Berlin, Germany', status: 'closed', postedDaysAgo: 150, applications: 6 },
  { title: 'Frontend Developer', department: 'Engineering', location: 'Remote', status: 'open', postedDaysAgo: 95, applications: 9 },
  { title: 'Marketing Coordinator', department: 'Marketing', location: 'Madrid, Spain', status: 'open', postedDaysAgo: 50, applications: 7 },
  { title: 'Bookkeeper', department: 'Finance', location: 'Dublin, Ireland', status: 'open', postedDaysAgo: 24, applications: 5 },
  { title: 'Delivery Driver', department: 'Operations', location: 'Rotterdam, Netherlands', status: 'open', postedDaysAgo: 9, applications: 6 },
];

const candidateDrafts: Array<[name: string, gender: CandidateGender]> = [
  ['Maya Lindqvist', 'female'], ['Omar Haddad', 'male'], ['Priya Natarajan', 'female'], ['Lucas Moreau', 'male'],
  ['Alex Rivera', 'non-binary'], ['Hannah Becker', 'female'], ['Tomasz Kowalski', 'male'], ['Aisha Bello', 'female'],
  ['Daniel Okafor', 'male'], ['Sun-hee Park', 'female'], ['Mateo Fernández', 'male'], ['Chloé Laurent', 'female'],
  ['Jordan Avery', 'undisclosed'], ['Ingrid Solberg', 'female'], ['Rafael Costa', 'male'], ['Leila Farahani', 'female'],
  ['Ethan Brooks', 'male'], ['Nora Kelly', 'female'], ['Samir Qureshi', 'male'], ['Elena Popescu', 'female'],
  ['Kai Nakamura', 'non-binary'], ['Greta Vogel', 'female'], ['Thabo Nkosi', 'male'], ['Isabel Duarte', 'female'],
  ['Finn Murphy', 'male'], ['Yara Haddad', 'female'], ['Viktor Novak', 'male'], ['Amara Eze', 'female'],
  ['Robin Meyer', 'undisclosed'], ['Lina Andersson', 'female'],
];

/** The email of a sample candidate: `first.last@example.com`, letters only. */
function emailOf(name: string): string {
  const plain = name.normalize('NFD').replace(/[^\p{L}\s-]/gu, '').toLowerCase();
  return `${plain.trim().split(/[\s-]+/).join('.')}@example.com`;
}

/** An open post's applications move on with time; a closed post hired one and let the rest go (but a runner-up). */
function stageOf(post: PostDraft, index: number, daysSinceApplied: number): ApplicationStage {
  if (post.status === 'closed') return index === 0 ? 'hired' : index === 1 ? 'certified' : 'rejected';
  if (daysSinceApplied < 4) return 'application';
  return (['shortlisted', 'application', 'rejected', 'certified', 'on-hold', 'shortlisted'] as const)[index % 6]!;
}

/** The hiring records of an account seeded at `now` (epoch ms). */
export function seedJobs(now: number): JobsSeed {
  const base = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const at = (ms: number) => new Date(ms).toISOString();

  const jobPosts: JobPost[] = postDrafts.map((draft, i) => ({
    id: i + 1,
    title: draft.title,
    department: draft.department,
    location: draft.location,
    status: draft.status,
    postedAt: at(base - draft.postedDaysAgo * DAY_MS),
  }));

  const candidates: Candidate[] = candidateDrafts.map(([name, gender], i) => ({ id: i + 1, name, gender, email: emailOf(name) }));

  // Each post's applications come in evenly over its first weeks (at most 45 days); the
  // candidates take turns, so nobody applies twice to one post.
  const applications: Application[] = [];
  postDrafts.forEach((post, p) => {
    const postedMs = base - post.postedDaysAgo * DAY_MS;
    const span = Math.min(post.postedDaysAgo, 45) * DAY_MS;
    for (let j = 0; j < post.applications; j++) {
      const k = applications.length;
      const appliedMs = postedMs + Math.round((span * (j + 1)) / (post.applications + 1));
      const stage = stageOf(post, j, (base - appliedMs) / DAY_MS);
      const movedMs = Math.min(appliedMs + (2 + (k % 9)) * DAY_MS, base - HOUR_MS);
      applications.push({
        id: k + 1,
        jobPostId: p + 1,
        candidateId: (k % candidates.length) + 1,
        stage,
        appliedAt: at(appliedMs),
        updatedAt: at(stage === 'application' ? appliedMs : Math.max(movedMs, appliedMs)),
      });
    }
  });

  return { jobPosts, candidates, applications };
}

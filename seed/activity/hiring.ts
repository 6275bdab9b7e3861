import { applicationStages, candidateGenders, type Application, type ApplicationStage, type Candidate, type JobPost } from '../../domain/schema/jobs';
import { DAY_MS, HOUR_MS } from '../../domain/units';
import { shuffled, type Random } from './random';

/*
 * Hiring over the sample year: job posts (older ones closed), candidates, and their
 * applications in the weeks after each post, further along the older they are.
 */

const POSTS = [
  { title: 'Seasonal Warehouse Associate', department: 'Operations', location: 'Rotterdam, Netherlands' },
  { title: 'E-commerce Marketing Lead', department: 'Marketing', location: 'Remote' },
  { title: 'Customer Care Agent', department: 'Customer service', location: 'Lisbon, Portugal' },
  { title: 'Junior Buyer', department: 'Purchasing', location: 'Berlin, Germany' },
  { title: 'Photographer (part time)', department: 'Marketing', location: 'Milan, Italy' },
  { title: 'Finance Assistant', department: 'Finance', location: 'Remote' },
  { title: 'Store Associate', department: 'Retail', location: 'Madrid, Spain' },
  { title: 'Data Analyst', department: 'Analytics', location: 'Remote' },
] as const;

const NAMES = ['Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Riley', 'Casey', 'Jamie', 'Robin', 'Avery', 'Charlie', 'Dana', 'Eden', 'Frankie', 'Harper', 'Quinn'];
const SURNAMES = ['Andersen', 'Baker', 'Costa', 'Dias', 'Evans', 'Fischer', 'Gomez', 'Hansen', 'Ito', 'Jovanović', 'Khan', 'Lind', 'Moreau', 'Nowak', 'Okafor', 'Petrov'];

/** Job posts spread over the year, oldest first; posts older than 60 days are closed. */
export function sampleJobPosts(random: Random, now: number): Array<Omit<JobPost, 'id'>> {
  return POSTS.map((post, i) => {
    const ageDays = Math.round(((POSTS.length - i) * 360) / POSTS.length) - random.int(20);
    return { ...post, status: ageDays > 60 ? 'closed' : 'open', postedAt: new Date(now - ageDays * DAY_MS - random.int(DAY_MS)).toISOString() };
  });
}

export function sampleCandidates(random: Random, count: number): Array<Omit<Candidate, 'id'>> {
  return Array.from({ length: count }, (_, i) => {
    const name = `${random.pick(NAMES)} ${random.pick(SURNAMES)}`;
    const local = name.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').replace(' ', '.');
    return { name, gender: random.weighted(candidateGenders, [46, 44, 5, 5]), email: `${local}.applicant${i + 1}@example.net` };
  });
}

/** How far an application of this age has got. */
function stageForAge(random: Random, ageDays: number): ApplicationStage {
  if (ageDays < 7) return random.weighted(['application', 'shortlisted'] as const, [80, 20]);
  if (ageDays < 30) return random.weighted(['application', 'shortlisted', 'certified', 'on-hold', 'rejected'] as const, [30, 25, 10, 15, 20]);
  return random.weighted(applicationStages, [5, 10, 10, 10, 50, 15]);
}

/** Applications to each post in the 45 days after it (never after now), each candidate once per post. */
export function sampleApplications(random: Random, now: number, posts: readonly JobPost[], candidates: readonly Candidate[]): Array<Omit<Application, 'id'>> {
  const applications: Array<Omit<Application, 'id'>> = [];
  for (const post of posts) {
    const posted = Date.parse(post.postedAt);
    const window = Math.min(45 * DAY_MS, now - posted);
    const applicants = shuffled(random, candidates).slice(0, random.between(12, 30));
    for (const candidate of applicants) {
      const applied = posted + random.int(Math.max(1, window));
      const stage = stageForAge(random, (now - applied) / DAY_MS);
      const updated = stage === 'application' ? applied : Math.min(now, applied + random.between(1, 14 * 24) * HOUR_MS);
      applications.push({ jobPostId: post.id, candidateId: candidate.id, stage, appliedAt: new Date(applied).toISOString(), updatedAt: new Date(updated).toISOString() });
    }
  }
  return applications.sort((a, b) => (a.appliedAt < b.appliedAt ? -1 : a.appliedAt > b.appliedAt ? 1 : 0));
}

-- Learning rules, second version: quiz results without per-question verdicts, a visitor's quiz,
-- badge tiers earned by the number of attempts, numbered attempts recorded one at a time, and
-- the time each lesson step was first completed.
--
-- Quiz secrecy: `submit_quiz` and `check_quiz` grade only a complete set of answers (one of
-- its options for every question) and return the score and, for each question, the chosen key
-- and that option's explanation; no separate verdict field and never the right key. (Per-
-- question verdicts gave a module's answers away in a few attempts.) An explanation may well
-- say whether the chosen option was right: that is the feedback a learner is owed, and what
-- keeps retries from paying is the badge rule below, which counts every signed-in attempt.
-- Grading is one private function, `private.grade_quiz`, used by both.
--
-- Badge rule: a module's badge is awarded once, the first time both conditions hold, in either
-- order: every step of the module is completed AND a quiz attempt of the module scored 100%.
-- The tier follows the number of the attempt that first passed the quiz, kept in
-- `learning_progress.quiz_passed_attempt`: 1st -> gold, 2nd or 3rd -> silver, 4th or later ->
-- bronze. That number is set at the first pass and never changes, so passing again later, or
-- completing the steps after the pass, awards the tier of the first pass. (The former rule,
-- tier by module level, is gone with `learning_modules.badge_tier`; badges awarded under it
-- keep their tier: a badge once awarded never changes.)
--
-- Attempts are numbered per user and module from 1 (`quiz_attempts.attempt`, unique). The
-- writing functions, `submit_quiz` and `complete_step`, first take a transaction lock on the
-- (user, module) pair, so concurrent calls of one learner on one module run one after the
-- other: distinct attempt numbers, one badge, its tier from the first pass.

-- ---------------------------------------------------------------------------------------------
-- Numbered attempts

alter table public.quiz_attempts add column attempt integer;

-- Existing attempts numbered in the order they were made.
update public.quiz_attempts as a
set attempt = n.attempt
from (
  select
    id,
    row_number() over (partition by user_id, module_id order by created_at, id)::integer as attempt
  from public.quiz_attempts
) as n
where n.id = a.id;

alter table public.quiz_attempts
  alter column attempt set not null,
  add constraint quiz_attempts_attempt_positive check (attempt > 0),
  -- A second line behind the lock in submit_quiz: two attempts can never share a number.
  add constraint quiz_attempts_user_module_attempt_key unique (user_id, module_id, attempt);

-- The unique index above starts with the same two columns and serves the same lookups.
drop index public.quiz_attempts_user_module_idx;

-- ---------------------------------------------------------------------------------------------
-- The attempt that first passed the quiz (the badge tier)

alter table public.learning_progress add column quiz_passed_attempt integer
  constraint learning_progress_quiz_passed_attempt_positive check (quiz_passed_attempt > 0);

-- Existing passes: the number of the first passing attempt; when that attempt is no longer
-- there, the number of attempts made until the pass (at least 1).
update public.learning_progress as p
set quiz_passed_attempt = coalesce(
  (
    select min(a.attempt)
    from public.quiz_attempts as a
    where a.user_id = p.user_id and a.module_id = p.module_id and a.passed
  ),
  greatest(
    1,
    (
      select count(*)::integer
      from public.quiz_attempts as a
      where a.user_id = p.user_id and a.module_id = p.module_id
        and a.created_at <= p.quiz_passed_at
    )
  )
)
where p.quiz_passed_at is not null;

-- Passed means both are known: the date and the attempt number.
alter table public.learning_progress
  add constraint learning_progress_quiz_passed_together
    check ((quiz_passed_at is null) = (quiz_passed_attempt is null));

-- ---------------------------------------------------------------------------------------------
-- When each step was first completed (owner reads; written only by complete_step)

create table public.learning_step_completions (
  user_id uuid not null references auth.users (id) on delete cascade,
  module_id uuid not null references public.learning_modules (id) on delete cascade,
  position integer not null check (position > 0),
  completed_at timestamptz not null default now(),
  primary key (user_id, module_id, position)
);
alter table public.learning_step_completions enable row level security;
revoke all on table public.learning_step_completions from anon, authenticated, service_role;
grant select on table public.learning_step_completions to authenticated;
grant select, insert, update, delete on table public.learning_step_completions to service_role;

-- A learner reads their own step completions.
create policy "learning_step_completions: owner reads own rows"
  on public.learning_step_completions for select to authenticated
  using (user_id = (select auth.uid()));

-- Steps completed before this table existed: their first time is unknown, the progress row's
-- last change is when they were done at the latest.
insert into public.learning_step_completions (user_id, module_id, position, completed_at)
select p.user_id, p.module_id, s.position, p.updated_at
from public.learning_progress as p
cross join lateral unnest(p.completed_steps) as s (position)
where s.position > 0
on conflict (user_id, module_id, position) do nothing;

-- ---------------------------------------------------------------------------------------------
-- Private helpers (called only by the SECURITY DEFINER functions below, which run as the owner)

-- Waits for, then holds until the end of the transaction, the lock of one learner on one
-- module. Advisory, keyed by a hash of the pair: a collision only makes two unrelated pairs wait
-- for each other. The two-key form keeps these keys apart from the one-key locks elsewhere.
create function private.lock_learner_module(_user_id uuid, _module_id uuid)
returns void
language sql
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtext('public.learning_progress'),
    pg_catalog.hashtext(_user_id::text || '/' || _module_id::text)
  );
$$;
revoke execute on function private.lock_learner_module(uuid, uuid)
  from public, anon, authenticated;

-- Grades answers to a module's quiz; writes nothing. _answers maps question ids to chosen
-- option keys (22023 when it is not a JSON object, or for an unknown language; P0002 when the
-- module has no quiz). Returns the score, passed (100% only), `questions`: [{question_id,
-- chosen, explanation}] in question order, the explanation being the chosen option's in
-- _language (null when nothing or an unknown key was chosen), and `chosen`: {question id:
-- chosen key} for the attempt's record. Never whether one answer was right, nor the right key.
create function private.grade_quiz(
  _module_id uuid,
  _answers jsonb,
  _language text,
  out correct integer,
  out total integer,
  out passed boolean,
  out questions jsonb,
  out chosen jsonb
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if _answers is null or jsonb_typeof(_answers) <> 'object' then
    raise exception 'Answers must be a JSON object of question id -> option key.'
      using errcode = '22023';
  end if;
  if _language is null or _language not in ('fr', 'en', 'es') then
    raise exception 'Unknown language: %.', _language using errcode = '22023';
  end if;

  select
    count(*)::integer,
    (count(*) filter (where r.is_correct))::integer,
    coalesce(
      jsonb_agg(
        jsonb_build_object(
          'question_id', r.id,
          'chosen', r.chosen_key,
          'explanation', r.explanation
        )
        order by r.position
      ),
      '[]'::jsonb
    ),
    coalesce(
      jsonb_object_agg(r.id, r.chosen_key) filter (where r.chosen_key is not null),
      '{}'::jsonb
    )
  into total, correct, questions, chosen
  from (
    select
      q.id,
      q.position,
      -- Only a key among the question's options is kept: nothing else reaches quiz_attempts.
      case
        when exists (
          -- The keys are the same in every language.
          select 1
          from public.quiz_question_translations as k,
            jsonb_array_elements(k.options) as o (option)
          where k.question_id = q.id and o.option ->> 'key' = _answers ->> q.id::text
        )
        then _answers ->> q.id::text
      end as chosen_key,
      coalesce((_answers ->> q.id::text) = a.correct_option_key, false) as is_correct,
      t.explanations ->> (_answers ->> q.id::text) as explanation
    from public.quiz_questions as q
    left join public.quiz_answers as a on a.question_id = q.id
    left join public.quiz_question_translations as t
      on t.question_id = q.id and t.language = _language
    where q.module_id = _module_id
  ) as r;

  if total = 0 then
    raise exception 'This module has no quiz.' using errcode = 'P0002';
  end if;
  -- Every question answered with one of its options, or nothing is graded: a score over a
  -- partial set would give one question's verdict away.
  if (select count(*) from jsonb_object_keys(chosen)) <> total then
    raise exception 'Answer every question with one of its options.' using errcode = '22023';
  end if;
  passed := correct = total;
end
$$;
revoke execute on function private.grade_quiz(uuid, jsonb, text) from public, anon, authenticated;

-- Marks the module completed and awards its badge once every step is done and the quiz is
-- passed; returns the tier held for the module, or null. The tier comes from the attempt that
-- first passed (see the rule above); a badge already held is kept as it is.
create or replace function private.award_badge_if_earned(_user_id uuid, _module_id uuid)
returns text
language plpgsql
set search_path = ''
as $$
declare
  _progress public.learning_progress;
  _tier text;
begin
  select * into _progress
  from public.learning_progress
  where user_id = _user_id and module_id = _module_id
  for update;

  if not found or _progress.quiz_passed_attempt is null then
    return null;
  end if;

  if exists (
    select 1
    from public.learning_steps as s
    where s.module_id = _module_id
      and not (s.position = any (_progress.completed_steps))
  ) then
    return null;
  end if;

  update public.learning_progress
  set status = 'completed',
      completed_at = coalesce(completed_at, now()),
      updated_at = now()
  where user_id = _user_id and module_id = _module_id;

  insert into public.user_badges (user_id, module_id, tier)
  values (
    _user_id,
    _module_id,
    case
      when _progress.quiz_passed_attempt = 1 then 'gold'
      when _progress.quiz_passed_attempt <= 3 then 'silver'
      else 'bronze'
    end
  )
  on conflict (user_id, module_id) do nothing;

  select b.tier into _tier
  from public.user_badges as b
  where b.user_id = _user_id and b.module_id = _module_id;
  return _tier;
end
$$;
revoke execute on function private.award_badge_if_earned(uuid, uuid)
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions a client calls

-- Scores a quiz submission of the signed-in user and records it. _answers maps question ids to
-- chosen option keys. Returns {correct, total, passed, attempt, questions: [{question_id,
-- chosen, explanation}], badge}: `attempt` is this attempt's number for this user and module
-- (1 for the first), `badge` the tier held for the module or null. Passing needs 100%. Records
-- the attempt and, at the first pass, its number (and the badge, see the rule above).
create or replace function public.submit_quiz(
  _module_id uuid,
  _answers jsonb,
  _language text default 'fr'
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  _user_id uuid := auth.uid();
  _grade record;
  _attempt integer;
  _badge text;
begin
  if _user_id is null then
    raise exception 'Sign in to submit a quiz.' using errcode = '42501';
  end if;

  select g.correct, g.total, g.passed, g.questions, g.chosen into _grade
  from private.grade_quiz(_module_id, _answers, _language) as g;

  -- Taken before counting: a concurrent call of the same learner on this module waits here
  -- until this one has committed, then sees its attempt.
  perform private.lock_learner_module(_user_id, _module_id);

  select coalesce(max(a.attempt), 0) + 1 into _attempt
  from public.quiz_attempts as a
  where a.user_id = _user_id and a.module_id = _module_id;

  insert into public.quiz_attempts (user_id, module_id, attempt, score, total, passed, answers)
  values (_user_id, _module_id, _attempt, _grade.correct, _grade.total, _grade.passed, _grade.chosen);

  insert into public.learning_progress as p (user_id, module_id, quiz_passed_at, quiz_passed_attempt)
  values (
    _user_id,
    _module_id,
    case when _grade.passed then now() end,
    case when _grade.passed then _attempt end
  )
  on conflict (user_id, module_id) do update
    set quiz_passed_at = coalesce(p.quiz_passed_at, excluded.quiz_passed_at),
        quiz_passed_attempt = coalesce(p.quiz_passed_attempt, excluded.quiz_passed_attempt),
        updated_at = now();

  _badge := private.award_badge_if_earned(_user_id, _module_id);

  return jsonb_build_object(
    'correct', _grade.correct,
    'total', _grade.total,
    'passed', _grade.passed,
    'attempt', _attempt,
    'questions', _grade.questions,
    'badge', _badge
  );
end
$$;
revoke execute on function public.submit_quiz(uuid, jsonb, text) from public, anon, authenticated;
grant execute on function public.submit_quiz(uuid, jsonb, text) to authenticated;

-- Scores answers to a module's quiz for anyone, visitors included, and records nothing.
-- Returns {correct, total, passed, questions: [{question_id, chosen, explanation}]}: the shape
-- of submit_quiz without attempt and badge, with the same errors (22023, P0002). SECURITY
-- DEFINER because the answers are readable by no API role; STABLE, so PostgREST runs it in a
-- read-only transaction.
create function public.check_quiz(_module_id uuid, _answers jsonb, _language text default 'fr')
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'correct', g.correct,
    'total', g.total,
    'passed', g.passed,
    'questions', g.questions
  )
  from private.grade_quiz(_module_id, _answers, _language) as g;
$$;
revoke execute on function public.check_quiz(uuid, jsonb, text) from public, anon, authenticated;
grant execute on function public.check_quiz(uuid, jsonb, text) to anon, authenticated;

-- Records that the signed-in user finished a lesson step, with the time it was first finished;
-- returns {completed_steps, total_steps, quiz_passed, badge}. Awards the badge when this was
-- the last missing piece.
create or replace function public.complete_step(_module_id uuid, _position integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  _user_id uuid := auth.uid();
  _completed integer[];
  _quiz_passed boolean;
  _total integer;
  _badge text;
begin
  if _user_id is null then
    raise exception 'Sign in to record your progress.' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.learning_steps
    where module_id = _module_id and position = _position
  ) then
    raise exception 'This module has no step %.', _position using errcode = 'P0002';
  end if;

  -- The same lock as submit_quiz: a quiz passed concurrently is seen, and the badge awarded,
  -- by whichever of the two commits second.
  perform private.lock_learner_module(_user_id, _module_id);

  -- The first time stays: completing a step again changes nothing here.
  insert into public.learning_step_completions (user_id, module_id, position)
  values (_user_id, _module_id, _position)
  on conflict (user_id, module_id, position) do nothing;

  insert into public.learning_progress as p (user_id, module_id, completed_steps)
  values (_user_id, _module_id, array[_position])
  on conflict (user_id, module_id) do update
    set completed_steps = (
          select array_agg(distinct u.step_position order by u.step_position)
          from unnest(p.completed_steps || _position) as u (step_position)
        ),
        updated_at = now()
  returning p.completed_steps, p.quiz_passed_at is not null into _completed, _quiz_passed;

  _badge := private.award_badge_if_earned(_user_id, _module_id);

  select count(*)::integer into _total
  from public.learning_steps
  where module_id = _module_id;

  return jsonb_build_object(
    'completed_steps', to_jsonb(_completed),
    'total_steps', _total,
    'quiz_passed', _quiz_passed,
    'badge', _badge
  );
end
$$;
revoke execute on function public.complete_step(uuid, integer) from public, anon, authenticated;
grant execute on function public.complete_step(uuid, integer) to authenticated;

-- Every row the signed-in user owns, as one JSON document (the GDPR export); now with the time
-- each lesson step was first completed (`step_completions`).
create or replace function public.export_my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  _user_id uuid := auth.uid();
begin
  if _user_id is null then
    raise exception 'Sign in to export your data.' using errcode = '42501';
  end if;

  return jsonb_build_object(
    'exported_at', now(),
    'user', (
      select jsonb_build_object(
        'id', u.id,
        'email', u.email,
        'created_at', u.created_at,
        'last_sign_in_at', u.last_sign_in_at,
        'user_metadata', coalesce(u.raw_user_meta_data, '{}'::jsonb)
      )
      from auth.users as u
      where u.id = _user_id
    ),
    'profile', (
      select to_jsonb(p) from public.profiles as p where p.user_id = _user_id
    ),
    'roles', coalesce((
      select jsonb_agg(r.role order by r.role) from public.user_roles as r where r.user_id = _user_id
    ), '[]'::jsonb),
    'favorites', coalesce((
      select jsonb_agg(to_jsonb(f) order by f.created_at, f.token_id)
      from public.favorites as f
      where f.user_id = _user_id
    ), '[]'::jsonb),
    'contact_messages', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.created_at, m.id)
      from public.contact_messages as m
      where m.user_id = _user_id
    ), '[]'::jsonb),
    'learning_progress', coalesce((
      select jsonb_agg(to_jsonb(lp) order by lp.started_at, lp.module_id)
      from public.learning_progress as lp
      where lp.user_id = _user_id
    ), '[]'::jsonb),
    'step_completions', coalesce((
      select jsonb_agg(to_jsonb(sc) order by sc.completed_at, sc.module_id, sc.position)
      from public.learning_step_completions as sc
      where sc.user_id = _user_id
    ), '[]'::jsonb),
    'quiz_attempts', coalesce((
      select jsonb_agg(to_jsonb(qa) order by qa.created_at, qa.id)
      from public.quiz_attempts as qa
      where qa.user_id = _user_id
    ), '[]'::jsonb),
    'badges', coalesce((
      select jsonb_agg(to_jsonb(b) order by b.awarded_at, b.module_id)
      from public.user_badges as b
      where b.user_id = _user_id
    ), '[]'::jsonb)
  );
end
$$;
revoke execute on function public.export_my_data() from public, anon, authenticated;
grant execute on function public.export_my_data() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The level-based tier is no longer the badge's: nothing reads it since award_badge_if_earned
-- was replaced above.

alter table public.learning_modules drop column badge_tier;

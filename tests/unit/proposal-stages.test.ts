import { proposalStage, proposalStatuses, type ProposalAction } from '@/lib/domain';

// mes-propositions' tabs: what waits for the member is what the server lets them do now.
describe('proposalStage', () => {
  it.each<[(typeof proposalStatuses)[number], ProposalAction[], string]>([
    ['pending', ['accept', 'decline', 'counter'], 'toAnswer'],
    ['pending', ['edit', 'cancel'], 'inProgress'],
    ['accepted', ['pickup', 'cancel'], 'toAnswer'],
    ['accepted', ['cancel'], 'inProgress'],
    ['in_transit', ['deliver'], 'toAnswer'],
    ['in_transit', [], 'inProgress'],
    ['delivered', [], 'closed'],
    ['declined', [], 'closed'],
    ['cancelled', [], 'closed'],
  ])('%s with %j → %s', (status, actions, stage) => {
    expect(proposalStage({ status, actions })).toBe(stage);
  });
});

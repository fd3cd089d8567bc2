// Each client's fair share of the worker pool, without the server: turns, the line and its limit.
#include "http/fair_share.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace ether::http {
namespace {

using Verdict = ClientShares::Verdict;

std::shared_ptr<ShareTicket> ticket() { return std::make_shared<ShareTicket>(); }

TEST(ClientShares, AClientRunsUpToItsShareThenWaitsInLineThenIsRefused) {
  ClientShares shares(2, 1);
  EXPECT_EQ(shares.take("a", ticket).verdict, Verdict::granted);
  EXPECT_EQ(shares.take("a", ticket).verdict, Verdict::granted);
  const auto queued = shares.take("a", ticket);
  EXPECT_EQ(queued.verdict, Verdict::queued);
  ASSERT_NE(queued.ticket, nullptr);
  EXPECT_EQ(shares.take("a", ticket).verdict, Verdict::refused);
  EXPECT_EQ(shares.running("a"), 2u);
  EXPECT_EQ(shares.waiting("a"), 1u);
}

TEST(ClientShares, OneClientsFullShareLeavesAnotherClientsTurnsFree) {
  ClientShares shares(1, 0);
  EXPECT_EQ(shares.take("a", ticket).verdict, Verdict::granted);
  EXPECT_EQ(shares.take("a", ticket).verdict, Verdict::refused);
  EXPECT_EQ(shares.take("b", ticket).verdict, Verdict::granted);
}

TEST(ClientShares, AnEndedTurnPassesToTheFirstInLine) {
  ClientShares shares(1, 2);
  ASSERT_EQ(shares.take("a", ticket).verdict, Verdict::granted);
  const auto first = shares.take("a", ticket).ticket;
  const auto second = shares.take("a", ticket).ticket;
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(shares.release("a"), first);
  EXPECT_TRUE(first->granted);
  EXPECT_FALSE(second->granted);
  EXPECT_TRUE(shares.settle("a", first));
  EXPECT_EQ(shares.running("a"), 1u);
  EXPECT_EQ(shares.waiting("a"), 1u);
}

TEST(ClientShares, ATicketWhoseDeadlineCameFirstLeavesTheLine) {
  ClientShares shares(1, 1);
  ASSERT_EQ(shares.take("a", ticket).verdict, Verdict::granted);
  const auto late = shares.take("a", ticket).ticket;
  EXPECT_FALSE(shares.settle("a", late));
  EXPECT_EQ(shares.waiting("a"), 0u);
  // The ended turn is given back rather than handed to it, and its place in line is free again.
  EXPECT_EQ(shares.release("a"), nullptr);
  EXPECT_FALSE(late->granted);
  EXPECT_EQ(shares.take("a", ticket).verdict, Verdict::granted);
  EXPECT_EQ(shares.take("a", ticket).verdict, Verdict::queued);
}

TEST(ClientShares, AClientWithNothingRunningOrWaitingIsForgotten) {
  ClientShares shares(2, 1);
  ASSERT_EQ(shares.take("a", ticket).verdict, Verdict::granted);
  ASSERT_EQ(shares.take("a", ticket).verdict, Verdict::granted);
  EXPECT_EQ(shares.release("a"), nullptr);
  EXPECT_EQ(shares.clients(), 1u);
  EXPECT_EQ(shares.release("a"), nullptr);
  EXPECT_EQ(shares.clients(), 0u);
  EXPECT_EQ(shares.release("nobody"), nullptr);
}

TEST(ClientShares, ATicketIsMadeOnlyForARequestThatMustWait) {
  ClientShares shares(1, 1);
  int made = 0;
  const auto counting = [&made] {
    ++made;
    return std::make_shared<ShareTicket>();
  };
  shares.take("a", counting);
  EXPECT_EQ(made, 0);
  shares.take("a", counting);
  EXPECT_EQ(made, 1);
  shares.take("a", counting);
  EXPECT_EQ(made, 1);
}

}  // namespace
}  // namespace ether::http

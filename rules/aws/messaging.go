package aws

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// messagingRules: a queue or stream deleted with messages or records in it
// loses them. A plan cannot show whether a queue is empty, so that is
// missing evidence (key "queue_empty", from `aws sqs get-queue-attributes
// --attribute-names ApproximateNumberOfMessages`); a stream within its
// retention always holds records. A topic keeps no messages, but its
// subscriptions go with it and some must be confirmed again.
func messagingRules() []rules.Rule {
	return []rules.Rule{
		{ID: "aws.sqs.queue.delete.empty", Type: "aws_sqs_queue", On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			When:   rules.Func("the queue is empty", queueEmpty(true)),
			Reason: "the queue is empty, so no message is lost; an apply recreates it (after SQS's 60-second wait for the same name) and producers fail meanwhile"},
		{ID: "aws.sqs.queue.delete", Type: "aws_sqs_queue", On: rules.Destroy, Tier: model.TierUnrecoverable,
			When:   rules.Func("the queue holds messages", queueEmpty(false)),
			Reason: "the queue is deleted with the messages still in it; they cannot be recovered"},
		{ID: "aws.sqs.queue.update.retention-shortened", Type: "aws_sqs_queue", On: rules.Update, Tier: model.TierUnrecoverable,
			When:   rules.Shrinks("message_retention_seconds"),
			Reason: "the message retention is shortened: SQS deletes the messages older than the new period, read or not"},
		rules.InPlace("aws_sqs_queue", "aws.sqs.queue.update.in-place"),
		{ID: "aws.kinesis.stream.delete", Type: "aws_kinesis_stream", On: rules.Destroy, Tier: model.TierUnrecoverable, Confidence: model.ConfidenceMedium,
			Reason: "the stream is deleted with the records within its retention period; consumers that had not read them lose them"},
		{ID: "aws.kinesis.stream.update.retention-shortened", Type: "aws_kinesis_stream", On: rules.Update, Tier: model.TierUnrecoverable,
			When:   rules.Shrinks("retention_period"),
			Reason: "the retention period is shortened: records older than the new period become unreadable at once, and consumers that had not read them lose them"},
		rules.InPlace("aws_kinesis_stream", "aws.kinesis.stream.update.in-place"),
		{ID: "aws.sns.topic.delete", Type: "aws_sns_topic", On: rules.Destroy, Tier: model.TierRecoverableWithEffort,
			Reason: "the topic and its subscriptions are deleted; an apply recreates them, but email and HTTP endpoints must confirm their subscriptions again and messages published meanwhile are lost"},
		rules.InPlace("aws_sns_topic", "aws.sns.topic.update.in-place"),
	}
}

// queueEmpty reads the "queue_empty" evidence: want true tests that the
// queue is empty, false that it holds messages.
func queueEmpty(want bool) func(f rules.Facts) rules.Result {
	return func(f rules.Facts) rules.Result {
		v, ok := f.M.Evidence["queue_empty"].(bool)
		if !ok {
			return rules.Result{Truth: rules.Unknown, Missing: []string{"queue_empty"}}
		}
		return rules.Decided(v == want, model.Evidence{Key: "queue_empty", Value: v, Present: true, Description: "supplied as evidence"})
	}
}

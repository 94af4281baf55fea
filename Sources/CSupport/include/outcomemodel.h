#ifndef PLOG_OUTCOMEMODEL_H
#define PLOG_OUTCOMEMODEL_H

#include <stdint.h>

/// The outcome model, written by shell/train-outcome-model into outcomemodel.c: a logistic
/// regression over the word features of a first OUTCOME bullet (see OutcomeModel.swift).
/// `keys` are the kept features' 32-bit FNV-1a hashes in ascending order; `weights` holds four
/// per key (hit, partial, miss, unclassified), in steps of `scale`; `bias` is per class.
extern const unsigned plog_outcome_model_size;
extern const float plog_outcome_model_scale;
extern const float plog_outcome_model_bias[4];
extern const uint32_t *const plog_outcome_model_keys;
extern const int8_t *const plog_outcome_model_weights;

#endif

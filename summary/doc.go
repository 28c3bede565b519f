// Package summary groups the rows of a results table (dataset/SCHEMA.md) by
// the values of some columns, the grid point or a plot's x and series, and
// summarises a column per group: the mean, standard deviation and sample
// quantiles of a run's T, and for plots a statistic with its confidence
// interval (Student t for the mean, the distribution-free order-statistic
// interval for a quantile, Wilson's for a share). It reads Arrow tables;
// hyperroute summary and plot use it.
package summary

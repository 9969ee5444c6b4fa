workspace "Clickstream analytics pipeline" "Collector, Pub/Sub, aggregation functions, Bigtable and a raw event lake." {
    model {
        system = softwareSystem "Clickstream analytics pipeline" {
            n_collector = container "collector" "collector" "Cloud Run" "service,gcp"
            n_events = container "events" "events" "Pub/Sub" "queue,gcp,Pipe"
            n_aggregate = container "aggregate" "aggregate" "Cloud Run functions" "function,gcp"
            n_counters = container "counters" "counters" "Bigtable" "nosql-database,gcp,Datastore"
            n_lake = container "lake" "lake" "Cloud Storage" "object-storage,gcp,Datastore"
            n_metrics = container "metrics" "metrics" "Cloud Monitoring" "observability,gcp"
            n_logs = container "logs" "logs" "Cloud Logging" "observability,gcp"
        }
        n_collector -> n_events "click" "" "event"
        n_events -> n_aggregate "" "" "event"
        n_aggregate -> n_counters "" "" "data"
        n_aggregate -> n_lake "" "" "data"
        n_collector -> n_metrics "" "" "request"
        n_aggregate -> n_logs "" "" "request"
        deploymentEnvironment "Design" {
            deploymentNode "Outside any boundary" {
                containerInstance n_collector
                containerInstance n_events
                containerInstance n_aggregate
                containerInstance n_counters
                containerInstance n_lake
                containerInstance n_metrics
                containerInstance n_logs
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
